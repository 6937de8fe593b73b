@testable import App
import Testing

/// An option's value in the command line's own vocabulary (a number, one of a few words, an
/// address, a file) is read where the command reads it, by one typed read: every bad value is
/// refused the same way, one line naming the option and what it takes, exit 2, before anything
/// is read or run.
@Suite struct CLIOptionValueTests {
    static let cases: [(line: String, message: String)] = [
        ("category move Bakery --to x", "--to takes a whole number, not \"x\""),
        ("category move Bakery --to 99999999999999999999", "--to takes a whole number, not \"99999999999999999999\""),
        ("plan Weekly --max-stores 0", "--max-stores takes a whole number from 1, not \"0\""),
        ("insights --by week", "--by takes month, store or category, not \"week\""),
        ("export --format xml", "--format takes json, csv or ledger, not \"xml\""),
        ("export --format csv --output=", "--output needs a file, not an empty value"),
        ("report --output=", "--output needs a file, not an empty value"),
        // Was "cannot tell the format of FILE", which does not say the value given is the fault.
        ("import /nonexistent/purchases.csv --format xml", "--format takes json or csv, not \"xml\""),
        ("import /nonexistent/purchases.csv --encoding ebcdic", "--encoding takes utf8 or latin1, not \"ebcdic\""),
        // Was read by the composition root after the file, without the hint the others have.
        ("import /nonexistent/purchases.csv --delimiter +", "--delimiter takes , ; or tab, not \"+\""),
        ("serve --listen nope", "--listen takes ADDR:PORT, such as 0.0.0.0:8421, not \"nope\""),
        ("serve --listen :8421", "--listen takes ADDR:PORT, such as 0.0.0.0:8421, not \":8421\""),
    ]

    @Test(arguments: 0..<cases.count)
    func aBadValueIsOneUsageLineNamingTheOption(index: Int) throws {
        let (line, message) = Self.cases[index]
        let grock = try Grock()
        defer { grock.home.remove() }
        let result = try grock.run("--in-memory " + line)
        #expect(result.status == 2, "grock \(line): \(result.stderr)")
        #expect(result.stderr == "grock: \(message) (see grock help)\n", "grock \(line)")
        #expect(result.stdout.isEmpty)
    }

    /// No words is the home screen, by declaration, not by a search that happens to match it.
    @Test func noWordsNameTheHomeScreenAndOthersTheLongestCommand() throws {
        let home = try GrockCLI.find([])
        #expect(home.command.path.isEmpty && home.arguments.isEmpty)
        let list = try GrockCLI.find(["CART", "List", "extra"])
        #expect(list.command.name == "cart list" && list.arguments == ["extra"])
        #expect(try GrockCLI.find(["undo"]).command.name == "undo")
        #expect(throws: (any Error).self) { try GrockCLI.find(["cart"]) }
        #expect(throws: (any Error).self) { try GrockCLI.find([""]) }
    }
}
