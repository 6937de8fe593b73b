@testable import Domain
import DataLayer
import Synchronization
import TestSupport
import Testing

/// Review 17: matching a receipt's lines may take seconds, and it ran while the data
/// directory's lock was held, so every other command was refused as busy meanwhile.
@Suite struct ReceiptLockTests {
    /// A storage that notes what each read and write hands back across its lock, and can
    /// change the data just before the next write (as another process could, while the
    /// receipt was being matched).
    final class WatchedStorage: Storage {
        let inner = InMemoryStorage()
        let handedBack = Mutex<[String]>([])
        let beforeWrite = Mutex<(@Sendable () async throws -> Void)?>(nil)

        func read<T>(_ body: sending (any Repositories) throws -> T) async throws -> sending T {
            let value = try await inner.read(body)
            handedBack.withLock { $0.append("read \(T.self)") }
            return value
        }

        func write<T>(_ body: sending (any Repositories) throws -> Change<T>) async throws -> sending T {
            if let change = beforeWrite.withLock({ $0.take() }) { try await change() }
            let value = try await inner.write(body)
            handedBack.withLock { $0.append("write \(T.self)") }
            return value
        }

        func readWithHistory<T>(_ body: sending (any Repositories, any HistoryReader) throws -> T) async throws -> sending T {
            try await inner.readWithHistory(body)
        }

        func undoLastChange() async throws -> String { try await inner.undoLastChange() }
        func eraseEverything() async throws { try await inner.eraseEverything() }
        func changes() -> AsyncStream<StorageChange> { inner.changes() }
    }

    static let milk = "ALDI\n01.03.2026\nMilch 1,09\nSUMME 1,09\n"

    /// A reading crosses the lock, unmatched: matched inside, a review or outcome would.
    @Test func aReceiptIsMatchedOutsideTheLock() async throws {
        let storage = WatchedStorage()
        let u = try await TestWorld.stocked(storage: storage).useCases
        storage.handedBack.withLock { $0 = [] }
        let review = try await u.reviewReceipt(ReceiptRequest(text: Self.milk))
        #expect(review.rows.map { $0.match.best?.name } == ["Milk"])
        _ = try await u.applyReceipt(ReceiptRequest(text: Self.milk))
        #expect(storage.handedBack.withLock { $0 } == ["read ReceiptReviewer", "read ReceiptReviewer", "write ReceiptOutcome"])
    }

    /// Matches made before the write stand only for the data they were made against.
    @Test func aChangeMadeWhileTheLinesWereMatchedIsMatchedAgain() async throws {
        let storage = WatchedStorage()
        let u = try await TestWorld.stocked(storage: storage).useCases
        storage.beforeWrite.withLock {
            $0 = { _ = try await TestWorld(storage: storage.inner).useCases.renameItem("Milk", to: "Oat drink") } }
        let outcome = try await u.applyReceipt(ReceiptRequest(text: Self.milk))
        #expect(outcome.logged.map(\.name) == ["Milch"])
        #expect(outcome.logged.map(\.kind) == [.impulse])
    }
}
