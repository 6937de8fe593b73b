import Composition
import DataLayer
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

/// After a commit a command may only warn: whatever fails then (showing the result) cannot
/// mean "nothing changed", and a retry would repeat the change.
@Suite struct AfterCommitTests {
    @Test func theStorageKnowsWhenAChangeWasCommitted() async throws {
        let storage = CommitWatchingStorage(InMemoryStorage())
        _ = try await storage.read { try $0.settings() }
        #expect(!storage.hasCommitted)
        await #expect(throws: DomainError.nothingToUndo) { try await storage.write { _ -> Change<Void> in throw DomainError.nothingToUndo } }
        #expect(!storage.hasCommitted, "a refused change commits nothing")
        _ = try await storage.write { Change(try $0.settings(), summary: "nothing") }
        #expect(storage.hasCommitted)
    }

    /// The use cases' storage (the live one, wrapped to watch commits) hands history to a backup
    /// a record at a time: a wrapper that fell back to reading it whole would hold every
    /// purchase in memory at once.
    @Test func theLiveUseCasesReadHistoryARecordAtATime() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let u = AppContainer(Configuration(store: .directory(home.path + "/data"))).useCases
        _ = try await u.setUpFirstRun()
        _ = try await u.addStore(name: "Aldi")
        _ = try await u.addItem(name: "Milk", category: "Dairy", price: "1.09", store: "Aldi")
        _ = try await u.createCart(name: "Weekly", items: ["Milk"])
        _ = try await u.startTrip("Weekly")
        _ = try await u.logPurchase(cart: "Weekly", item: "Milk")
        _ = try await u.finishTrip("Weekly")
        let reader = try await u.storage.readWithHistory { _, history in String(describing: type(of: history)) }
        #expect(reader.hasPrefix("HistoryStream"), "\(reader)")
    }

    @Test func aFailureAfterTheCommitIsAWarningAndExitsZero() {
        let failure = DomainError.amountOverflow
        #expect(GrockCLI.outcome(of: failure, afterCommit: false) == ("the amount is too large", .refused))
        #expect(GrockCLI.outcome(of: failure, afterCommit: true)
            == ("warning: the change was saved, but the command could not finish: the amount is too large", .success))
        #expect(GrockCLI.outcome(of: UsageError("give --store"), afterCommit: false) == ("give --store (see grock help)", .usage))
    }
}
