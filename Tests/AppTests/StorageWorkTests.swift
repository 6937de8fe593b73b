import Composition
import DataLayer
import Dispatch
import Domain
import TestSupport
import Testing

/// A front's storage works off its caller's actor unless the front asks for it in place.
@Suite struct StorageWorkTests {
    /// Told by whether the main actor can run while the storage works: a job put on it meanwhile
    /// runs at once off it, and not before the work ends in place. (Comparing threads was flaky:
    /// a worker thread can be the one the caller ran on a moment before.)
    @MainActor @Test func aBackgroundStorageWorksOffTheCallersActorAndInPlaceOnIt() async throws {
        func mainActorRunsDuringTheWork(of storage: any Storage, waiting seconds: Double) async throws -> Bool {
            let ran = DispatchSemaphore(value: 0)
            Task { @MainActor in ran.signal() }
            return try await storage.read { _ in ran.wait(timeout: .now() + seconds) == .success }
        }
        #expect(try await mainActorRunsDuringTheWork(of: BackgroundStorage(InMemoryStorage()), waiting: 30),
                "the main actor is free while the storage works")
        #expect(try await !mainActorRunsDuringTheWork(of: InMemoryStorage(), waiting: 0.2), "in place, the work holds the main actor")
        #expect(Configuration(store: .inMemory).storageWork == .background, "a new front gets the background unless it asks")
    }
}
