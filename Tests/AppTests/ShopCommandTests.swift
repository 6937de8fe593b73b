// What `grock shop` reads from a typed line (ShopCommand.swift), without a world: a table of
// lines and the command each is.

@testable import App
import Domain
import Presentation
import Terminal
import Testing

@Suite struct ShopCommandTests {
    @Test(arguments: [
        ("3", ShopCommand.toggle(line: 3)),
        ("  3  ", .toggle(line: 3)),
        ("p 3 1.29", .price(line: 3, price: "1.29", quantity: nil)),
        ("P 3 3.49 0.736", .price(line: 3, price: "3.49", quantity: Quantity(thousandths: 736))),
        ("price 3 1.29", .price(line: 3, price: "1.29", quantity: nil)),
        ("+ Gum 0.99", .impulse(name: "Gum", price: "0.99", store: nil)),
        ("+ Dark  chocolate 1.49", .impulse(name: "Dark chocolate", price: "1.49", store: nil)),
        ("+ Gum 0.99 @Lidl", .impulse(name: "Gum", price: "0.99", store: "Lidl")),
        ("+ Gum 0.99 @Corner shop", .impulse(name: "Gum", price: "0.99", store: "Corner shop")),
        ("f", .finish(date: nil)),
        ("finish 2026-02-27", .finish(date: "2026-02-27")),
        ("q", .leave), ("QUIT", .leave), ("exit", .leave),
        ("?", .help), ("h", .help), ("help", .help),
        ("", .nothing), ("   ", .nothing),
        ("hello", .unknown(usage: "type a line number, p N PRICE [QTY], + NAME PRICE, f, q or ? for help")),
        ("p 3", .unknown(usage: "p N PRICE [QTY], like: p 3 1.29 or p 3 3.49 0.736")),
        ("p x 1.29", .unknown(usage: "p N PRICE [QTY], like: p 3 1.29 or p 3 3.49 0.736")),
        ("p 1 3.49 0.5 kg", .unknown(usage: "p N PRICE [QTY], like: p 3 1.29 or p 3 3.49 0.736")),
        ("+ 0.99", .unknown(usage: "+ NAME PRICE [@STORE], like: + Chocolate 1.49 or + Gum 0.99 @Lidl")),
        ("+ Gum 0.99 @", .unknown(usage: "+ NAME PRICE [@STORE], like: + Chocolate 1.49 or + Gum 0.99 @Lidl")),
        ("f 2026-02-27 10:00", .unknown(usage: "f [DATE], like: f or f 2026-03-01")),
    ])
    func aTypedLineIsReadAsOneCommand(typed: String, command: ShopCommand) throws {
        #expect(try ShopCommand(typed) == command)
    }

    /// QTY is read with the line, as `--qty` is: the price stays text for the use case.
    @Test(arguments: [
        ("p 3 3.49 abc", DomainError.invalidQuantity("abc")),
        ("p 3 3.49 0", .invalidQuantity("0")),
        ("p 9 abc 0.7365", .invalidQuantity("0.7365")),
        ("p 3 3.49 100000.001", .tooLarge("100000.001", kind: "quantity", maximum: "100000")),
    ])
    func aQuantityThatDoesNotReadIsRefusedWithTheLine(typed: String, error: DomainError) {
        #expect(throws: error) { try ShopCommand(typed) }
    }

    /// Every example a usage shows reads as its command, and the reminder names each command's
    /// first word.
    @Test func everyExampleOfTheSyntaxIsRead() throws {
        for syntax in ShopCommandSyntax.all {
            for example in syntax.examples {
                if case .unknown = try ShopCommand(example) { Issue.record("\(example), an example of \(syntax.form), is not read") }
            }
            for word in syntax.words where try ShopCommand(word + " 1 2") == .unknown(usage: ShopCommandSyntax.unknownUsage) {
                Issue.record("\(word) is read as no command")
            }
        }
        #expect(ShopCommandSyntax.all.map { $0.reminder.split(separator: " ")[0] } == ["N", "p", "+", "f", "q", "?"])
    }

    @Test(arguments: [("y", true), ("YES", true), (" yes ", true), ("n", false), ("", false), ("y y", false), ("yeah", false)])
    func onlyYOrYesAnswersYes(typed: String, yes: Bool) {
        #expect(ShopCommand.isYes(typed) == yes)
    }
}
