import Composition
import DataLayer
import Foundation
@testable import App
@testable import Domain
import TestSupport
import Testing

/// After a commit a command may only warn: whatever fails then (showing the result) cannot
/// mean "nothing changed", and a retry would repeat the change. So that the warning's "saved"
/// is true, a command commits at most one change: a second is refused.
@Suite struct AfterCommitTests {
    @Test func theStorageCountsTheChangesCommitted() async throws {
        let storage = CommitWatchingStorage(InMemoryStorage())
        _ = try await storage.read { try $0.settings() }
        #expect(storage.committedChanges == 0)
        await #expect(throws: DomainError.nothingToUndo) {
            try await storage.write { _ -> Change<Void> in throw DomainError.nothingToUndo } }
        #expect(storage.committedChanges == 0, "a refused change commits nothing")
        _ = try await storage.write { Change(try $0.settings(), summary: "nothing") }
        _ = try await storage.write { Change(try $0.settings(), summary: "nothing") }
        #expect(storage.committedChanges == 2, "a session may commit any number")
    }

    /// Review: the watcher kept one flag, so a command that committed one change of two and
    /// failed would have said it succeeded. A second change where one is allowed is a bug of
    /// the command, refused before anything of it is stored.
    @Test func aSecondChangeInACommandIsRefusedUnstored() async throws {
        let base = InMemoryStorage()
        let storage = CommitWatchingStorage(base, limit: .one)
        _ = try await storage.write { Change(try $0.settings(), summary: "first") }
        await #expect(throws: ChangeLimitExceeded.self) { try await storage.write { Change(try $0.settings(), summary: "second") } }
        await #expect(throws: ChangeLimitExceeded.self) { try await storage.undoLastChange() }
        await #expect(throws: ChangeLimitExceeded.self) { try await storage.eraseEverything() }
        #expect(storage.committedChanges == 1)
        #expect(try await base.undoLastChange() == "first", "the second change left no step to undo")
    }

    /// The command line holds every command to one change but the sessions (shopping mode's
    /// lines, the servers' requests).
    @Test func onlySessionsMayCommitMoreThanOneChange() {
        let sessions = Commands.all.filter { $0.changeLimit == .unlimited }.map(\.name)
        #expect(sessions.sorted() == ["rpc", "serve", "shop"])
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
        #expect(GrockCLI.outcome(of: failure, afterCommitting: 0) == ("the amount is too large", .refused))
        #expect(GrockCLI.outcome(of: failure, afterCommitting: 1)
            == ("warning: the change was saved, but the command could not finish: the amount is too large", .success))
        #expect(GrockCLI.outcome(of: failure, afterCommitting: 3)
            == ("warning: the 3 changes made were saved, but the command could not finish: the amount is too large", .success))
        #expect(GrockCLI.outcome(of: UsageError("give --store"), afterCommitting: 0) == ("give --store (see grock help)", .usage))
    }

    /// A command that stored one change of two did not store everything: it fails.
    @Test func aSecondChangeRefusedFailsTheCommand() {
        let (line, code) = GrockCLI.outcome(of: ChangeLimitExceeded(), afterCommitting: 1)
        #expect(code == .storage && line.contains("the first change was saved"))
    }
}
