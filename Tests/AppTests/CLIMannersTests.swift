import Foundation
@testable import App
import TestSupport
import Testing

/// Help at any width keeps every option next to its value, and cuts nothing.
@Suite struct NarrowHelpTests {
    /// A line that ends in an option taking a value (`--qty`, `[--store`) has split it from it.
    static func splitPairs(_ text: String) -> [String] {
        text.split(separator: "\n").filter { line in
            guard let last = line.split(separator: " ").last else { return false }
            let option = last.drop { $0 == "[" || $0 == "(" }
            return option.hasPrefix("--") && Arguments.valued.contains(String(option.dropFirst(2)))
        }.map(String.init)
    }

    @Test(arguments: [40, 50])
    func helpAtNarrowWidthsNeverSplitsAnOptionFromItsValue(columns: Int) throws {
        let grock = Grock()
        defer { grock.home.remove() }
        let environment = ["COLUMNS": String(columns)]
        let overview = try grock.run(arguments: ["help"], extra: environment)
        #expect(overview.status == 0)
        var texts = [("help", overview.stdout)]
        for command in Commands.all where !command.path.isEmpty {
            let result = try grock.run(arguments: ["help"] + command.path, extra: environment)
            #expect(result.status == 0, "\(command.name): \(result.stderr)")
            texts.append((command.name, result.stdout))
        }
        for (name, text) in texts {
            #expect(Self.splitPairs(text).isEmpty, "grock help \(name) at \(columns) columns: \(Self.splitPairs(text))")
            // Wrapped to the width, except examples and tables (indented), which are kept whole to be
            // copied, and a single word longer than a line (a CSV header).
            for line in text.split(separator: "\n") where !line.hasPrefix("  ") || name == "help" {
                #expect(line.count <= columns || !line.contains(" "), "grock help \(name) at \(columns) columns: \(line)")
            }
        }
        // Wrapped, never cut: every word of a usage line is still there.
        let usage = try grock.run(arguments: ["help", "item", "price"], extra: environment).stdout
        let flowing = usage.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flowing.contains("--store STORE --price P [--unit UNIT] [--promo [--until YYYY-MM-DD]] [--date DATE]"))
    }

    @Test func withoutColumnsHelpKeepsEightyColumnsEvenWhenPiped() throws {
        let grock = Grock()
        defer { grock.home.remove() }
        for columns in [nil, "", "abc", "0", "100000"] {
            let result = try grock.run(arguments: ["help", "trip", "finish"], extra: columns.map { ["COLUMNS": $0] } ?? [:])
            #expect(result.stdout == Commands.all.first { $0.name == "trip finish" }!.help() + "\n", "COLUMNS=\(columns ?? "unset")")
        }
    }

    @Test func overviewAtFortyColumnsPutsSummariesUnderTheirCommands() throws {
        let text = GrockCLI.overview(width: 40)
        #expect(text.contains("\n  cart add\n      Put vault items on a cart"))
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 40 })
    }
}

@Suite struct WrapTests {
    @Test func wrapMovesAnOptionToTheNextLineWithItsValue() {
        let words = String(repeating: "x", count: 30)
        #expect(Command.wrap(words + " --qty 2 of them", width: 36) == [words, "--qty 2 of them"])
        #expect(Command.wrap("Usage: grock trip log CART ITEM [--price P] [--store STORE]", width: 40, indent: "  ")
            == ["Usage: grock trip log CART ITEM", "  [--price P] [--store STORE]"])
    }
}
