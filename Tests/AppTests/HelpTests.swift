import Composition
import Foundation
@testable import App
@testable import Domain
import TestSupport
import Testing

@Suite struct HelpTests {
    @Test func everyCommandHasUsageAndExamples() throws {
        for command in Commands.all {
            #expect(command.help().hasPrefix("Usage: grock"), "\(command.name)")
            #expect(command.help().contains("Examples:"), "grock \(command.name) has no examples")
        }
        #expect(Set(Commands.all.map(\.name)).count == Commands.all.count, "two commands share a name")
    }

    @Test func helpFitsEightyColumns() throws {
        for text in [GrockCLI.overview()] + Commands.all.map({ $0.help() }) {
            for line in text.split(separator: "\n") { #expect(line.count <= 80, "too wide: \(line)") }
        }
    }

    /// A paragraph is written as one line and wrapped where it is shown, so help fits any width
    /// and the man page fills it: a line break inside one, wrapped by hand, is a defect.
    @Test func helpParagraphsAreWrittenWhole() throws {
        for command in Commands.all {
            #expect(!command.summary.contains("\n"), "grock \(command.name): the summary is one line")
            let lines = command.details.split(separator: "\n", omittingEmptySubsequences: false)
            for (line, next) in zip(lines, lines.dropFirst()) where !line.isEmpty && !line.hasPrefix(" ") {
                #expect(next.isEmpty || next.hasPrefix(" "), "grock \(command.name): a paragraph broken before \"\(next)\"")
            }
        }
    }

    /// Piped or not, the overview cuts no summary short: long ones wrap under their column.
    @Test func theOverviewWrapsSummariesAndCutsNone() throws {
        let overview = GrockCLI.overview()
        #expect(!overview.replacingOccurrences(of: "COMMAND ...", with: "").contains("..."))
        let flowing = overview.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }.joined(separator: " ")
        #expect(flowing.contains("carts being planned move those lines to the cheapest other store"))
        #expect(flowing.contains("Show an item's prices at every store, normalised per kg, l or each, the cheapest marked"))
    }

    @Test func helpWorksAsAFlagToo() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        let viaFlag = try grock.ok("cart add --help")
        #expect(viaFlag == (try grock.ok("help cart add")))
        #expect(viaFlag.hasPrefix("Usage: grock cart add CART ITEM..."))
        #expect(try grock.ok("--help").hasPrefix("Grock - plan grocery trips"))
    }
}
