import Foundation
import Testing

@Suite(.serialized) struct CSVHintTests {
    /// The reader says what would read the file; the command line names the option.
    @Test func aDecimalCommaInACommaFileNamesTheOption() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.ok("init")
        let file = grock.home.path + "/comma.csv"
        try "date,trip,store,category,item,quantity,unit,price,currency\n2026-03-01,W,Aldi,Dairy,Milk,1,each,\"1,09\",EUR\n".write(
            toFile: file, atomically: true, encoding: .utf8)
        let result = try grock.run("import \(file)")
        #expect(result.status == 2)
        #expect(result.stderr.hasSuffix(
            "has a comma, but the file is read with decimal points; a thousands separator is not read; nothing was imported "
            + "(--decimal-comma)\n"), "\(result.stderr)")
    }
}
