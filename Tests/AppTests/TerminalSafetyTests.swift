import Foundation
import Testing

/// C0 (but the line break), DEL and C1: what a terminal acts on instead of showing.
func isControl(_ scalar: Unicode.Scalar) -> Bool {
    (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value)
}

@Suite struct TerminalSafetyTests {
    /// A backup is a file anyone can edit: its names reach every screen, and errors, escaped.
    @Test func damagedNamesFromABackupReachTheTerminalEscaped() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        for line in ["trip start Weekly", "trip log Weekly Milk", "trip finish Weekly"] { try grock.ok(line) }
        var backup = try #require(try JSONSerialization.jsonObject(with: Data(try grock.ok("export --format json").utf8)) as? [String: Any])
        var trips = try #require(backup["completedCarts"] as? [[String: Any]])
        trips[0]["name"] = "\u{1B}]0;PWNED\u{7}Weekly\u{1B}[31m"
        var lines = try #require(trips[0]["lines"] as? [[String: Any]])
        lines[0]["name"] = "Milk\u{1B}[2J"
        lines[0]["category"] = "Dairy\u{9B}2J"
        trips[0]["lines"] = lines
        backup["completedCarts"] = trips
        let restored = try Grock()
        defer { restored.home.remove() }
        try JSONSerialization.data(withJSONObject: backup).write(to: URL(fileURLWithPath: restored.home.path + "/backup.json"))
        // Such a backup is refused (names Grock would refuse), and the refusal shows the name escaped.
        let result = try restored.run("import " + restored.home.path + "/backup.json")
        #expect(result.status == 2, "\(result.stderr)")
        #expect(!result.stderr.dropLast().unicodeScalars.contains(where: isControl), "\(result.stderr)")
        #expect(result.stderr.contains("completedCarts[0].name: \"\\e]0;PWNED\\u{7}Weekly\\e[31m\""), "\(result.stderr)")
        #expect(restored.home.snapshot().keys.allSatisfy { !$0.hasPrefix("data/") || $0 == "data/lock" })
    }

    @Test func shoppingModeShowsWhatWasTypedEscaped() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        let output = try grock.ok("shop Weekly", input: "+ Gum\u{1B}]0;X\u{7} 0.99\np 1 \u{0C}1.29\nq\n")
        #expect(!output.unicodeScalars.contains(where: isControl), "\(output)")
        #expect(output.contains("error: \"Gum\\e]0;X\\u{7}\" cannot be an item name: it contains control characters"))
        #expect(output.contains("bought 1.5 kg at 1.29/kg = 1.94."))
    }

    @Test func aCommandNameTypedWithControlCharactersIsEscapedInItsOwnHints() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        let result = try grock.run(arguments: ["cart", "sh\u{1B}]0;X\u{7}ow"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("\"sh\\e]0;X\\u{7}ow\" is not a cart command"))
        #expect(!result.stderr.dropLast().unicodeScalars.contains(where: isControl))
    }
}
