@testable import App
import Testing

@Suite struct HelpTests {
    @Test func everyCommandHasUsageAndExamples() throws {
        for command in Commands.all {
            #expect(command.help.hasPrefix("Usage: grock"), "\(command.name)")
            #expect(command.help.contains("Examples:"), "grock \(command.name) has no examples")
        }
        #expect(Set(Commands.all.map(\.name)).count == Commands.all.count, "two commands share a name")
    }

    @Test func helpFitsEightyColumns() throws {
        for text in [GrockCLI.overview] + Commands.all.map(\.help) {
            for line in text.split(separator: "\n") { #expect(line.count <= 80, "too wide: \(line)") }
        }
    }

    @Test func helpWorksAsAFlagToo() throws {
        let grock = Grock()
        defer { grock.home.remove() }
        let viaFlag = try grock.ok("cart add --help")
        #expect(viaFlag == (try grock.ok("help cart add")))
        #expect(viaFlag.hasPrefix("Usage: grock cart add CART ITEM..."))
        #expect(try grock.ok("--help").hasPrefix("Grock - plan grocery trips"))
    }
}
