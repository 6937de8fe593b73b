import Foundation
import Testing

/// A state edited by hand (its checksum emptied, so it is read unchecked) can hold a cart whose
/// totals do not fit in an amount: the home screen and `cart list` show the other carts and
/// name that one with its problem.
@Suite struct DamagedCartTests {
    @Test func aCartWhoseTotalsOverflowIsNamedAndTheOthersStillShow() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        try grock.ok("cart new Broken")
        try grock.ok("cart add Broken Milk --qty 3")
        let state = grock.dataDirectory + "/state.tsv"
        var lines = try String(contentsOfFile: state, encoding: .utf8).split(separator: "\n",
            omittingEmptySubsequences: false).map(String.init)
        lines[0] = lines[0].split(separator: "\t").prefix(2).joined(separator: "\t") + "\t"
        // Broken's one line, Milk, planned at nearly the largest amount: three of it overflow.
        let cart = try #require(lines.firstIndex { $0.hasPrefix("C\t") && $0.hasSuffix("\tBroken") })
        let broken = cart + 1
        #expect(lines[broken].hasSuffix("\tMilk") && lines[broken].contains("\t109\t"), "\(lines[broken])")
        lines[broken] = lines[broken].replacingOccurrences(of: "\t109\t", with: "\t9223372036854775806\t")
        try lines.joined(separator: "\n").write(toFile: state, atomically: false, encoding: .utf8)

        let home = try grock.ok("")
        #expect(home.contains("  Weekly  [planning]") && home.contains(
            "  Broken  [planning]\n    its totals cannot be worked out: cart \"Broken\" would cost more than Grock\n"
            + "    can add up; split it into smaller carts"), "\(home)")
        let listed = try grock.ok("cart list")
        #expect(listed.hasPrefix("Weekly  [planning]") && listed.contains("\nBroken  [planning]  "), "\(listed)")
        #expect(listed.hasSuffix(
            "  its totals cannot be worked out: cart \"Broken\" would cost more than Grock can add up; split it into smaller carts\n"),
            "\(listed)")
        let document = try #require(try grock.json("") as? [String: Any])
        #expect((document["carts"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Weekly"])
        #expect((document["damagedCarts"] as? [[String: Any]])?.compactMap {
            $0["problem"] as? String } == ["cart \"Broken\" would cost more than Grock can add up; split it into smaller carts"])
        let json = try grock.run(arguments: ["--json", "cart", "list"])
        #expect(json.status == 0 && json.stderr.contains("left out: Broken  [planning]"), "\(json.stderr)")
        #expect((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])?.count == 1)
    }
}
