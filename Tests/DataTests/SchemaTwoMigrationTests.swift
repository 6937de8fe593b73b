@testable import DataLayer
import Domain
import Foundation
import TestSupport
import Testing

@Suite struct SchemaTwoMigrationTests {
    /// A data directory written by schema 2 (items inside state.json, history as JSON Lines),
    /// holding a completed trip, prices seen by hand and an active cart.
    func fixture() throws -> (TemporaryDirectory, FileStorage, [String: Data]) {
        let directory = try TemporaryDirectory()
        for name in ["state.json", "history.jsonl"] {
            let source = try #require(Bundle.module.path(forResource: name, ofType: nil, inDirectory: "Fixtures/v2"))
            try FileManager.default.copyItem(atPath: source, toPath: directory.path + "/" + name)
        }
        return (directory, FileStorage(directory: directory.path), directory.snapshot())
    }

    @Test func schemaTwoReadsAsItWasAndIsRewrittenByTheNextChange() async throws {
        let (directory, storage, original) = try fixture()
        defer { directory.remove() }
        let clock = FakeClock(Timestamp(rfc3339: "2025-05-04T10:00:00+02:00")!)
        let u = UseCases(storage: storage, clock: clock, ids: SequentialIdentifiers())
        let weekly = try await u.showCart("Weekly").cart
        #expect(weekly.status == .completed)
        #expect(try weekly.actualTotal().amountText == "4.99")   // 1.05 + 1.5 kg × 2.10 + 0.79
        #expect(try await u.listHistory().map(\.name) == ["Weekly"])
        #expect(try await u.priceHistory("Milk").entries.map(\.observation.price.price.amountText) == ["1.09", "0.99", "1.05"])
        #expect(try await u.showCart("Next").cart.lines.map(\.name) == ["Apples"])
        #expect(directory.snapshot().filter { $0.key != "lock" } == original)   // reading changes nothing

        // A change that adds history rewrites it in the current format; undo brings back every byte.
        _ = try await u.reopenCart("Weekly")
        #expect(try storage.load().0.schema == StateRecord.currentSchema)
        #expect(try storage.load().0.history == "history.tsv")
        #expect(try await u.listHistory().isEmpty)
        _ = try await u.finishTrip("Weekly")
        #expect(try await u.listHistory().map(\.name) == ["Weekly"])
        #expect(try await u.priceHistory("Milk").entries.count == 3)
        _ = try await u.undoLastChange()
        _ = try await u.undoLastChange()
        #expect(directory.snapshot()["state.json"] == original["state.json"])
        #expect(directory.snapshot()["state.tsv"] == nil)
        #expect(directory.snapshot()["history.jsonl"] == original["history.jsonl"])
        #expect(try await u.showCart("Weekly").cart == weekly)
    }
}
