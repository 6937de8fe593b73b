/// How a command of `grock shop` is typed: the words that name it, its form, what it does, its
/// reminder and examples. One list, read by the screen (`ShopScreen`: what `?` lists, the
/// reminder under it) and by the command line's reader (`ShopCommand`: which word is which
/// command, and the usage a line that does not read is told).
public struct ShopCommandSyntax: Sendable, Hashable {
    /// The first words that name it, in lower case (`p`, `price`); none for a line number.
    public let words: Set<String>
    /// Its form, as `?` lists it (`p N PRICE [QTY]`).
    public let form: String
    /// What it does, as `?` lists it.
    public let does: String
    /// Its part of the reminder under the list (`f finish`).
    public let reminder: String
    /// Lines that read as it, shown in its usage (`p 3 1.29`); none when its form says enough.
    public let examples: [String]
    /// Its whole form, when the list's leaves an option out to stay narrow (`+ NAME PRICE [@STORE]`).
    public var wholeForm: String?

    /// What a line that names it but does not read as it is told: its whole form, with examples.
    public var usage: String {
        let form = wholeForm ?? self.form
        return examples.isEmpty ? form : "\(form), like: " + examples.joined(separator: " or ")
    }

    public static let toggle = ShopCommandSyntax(words: [], form: "N", does: "tick line N at its planned price; again to untick",
                                                 reminder: "N tick/untick", examples: [])
    public static let price = ShopCommandSyntax(
        words: ["p", "price"], form: "p N PRICE [QTY]",
        does: "line N bought at PRICE per unit; QTY is what was weighed or counted, in the line's unit",
        reminder: "p N PRICE [QTY]", examples: ["p 3 1.29", "p 3 3.49 0.736"])
    public static let impulse = ShopCommandSyntax(
        words: ["+"], form: "+ NAME PRICE", does: "an impulse buy, added with the next number; @STORE after the price says where",
        reminder: "+ NAME PRICE", examples: ["+ Chocolate 1.49", "+ Gum 0.99 @Lidl"], wholeForm: "+ NAME PRICE [@STORE]")
    public static let finish = ShopCommandSyntax(words: ["f", "finish"], form: "f [DATE]",
                                                 does: "finish the trip; DATE (YYYY-MM-DD) when it was on another day",
                                                 reminder: "f finish", examples: ["f", "f 2026-03-01"])
    public static let leave = ShopCommandSyntax(words: ["q", "quit", "exit"], form: "q", does: "leave; everything is already saved",
                                                reminder: "q quit", examples: [])
    public static let help = ShopCommandSyntax(words: ["?", "h", "help"], form: "?", does: "this list", reminder: "? help", examples: [])

    /// Every command, in the order `?` lists them.
    public static let all = [toggle, price, impulse, finish, leave, help]

    /// What a line that names no command is told: every command's first word.
    public static let unknownUsage = "type a line number, p N PRICE [QTY], + NAME PRICE, f, q or ? for help"

    /// The reminder under the list, as one line.
    public static var reminderLine: String { all.map(\.reminder).joined(separator: " | ") }
}
