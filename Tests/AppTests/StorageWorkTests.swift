import Composition
import DataLayer
import Dispatch
import Domain
import Foundation
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

    /// A household's exchange runs off its caller's actor too: one that waits on git leaves that
    /// actor free (over `grock serve`, a `sync` held every client for as long as git took, up to
    /// its 300 s timeout; 23rd review). The remote, once asked to fetch, says so in a file and
    /// answers only once another file appears, which the caller's actor writes when it sees the
    /// first: held, git gives up after 120 s and says it was late. The caller is an actor of
    /// this test's own, not the main actor, which other suites' work holds for minutes when all
    /// run at once (a full run on a loaded machine failed so); it waits for the fetch to begin,
    /// not a fixed time, so that it is asked for while git waits (29th review).
    @Test func aHouseholdWaitsOnGitOffTheCallersActor() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let remote = home.path + "/remote.git", folder = home.path + "/household"
        let asked = home.path + "/asked", go = home.path + "/go", late = home.path + "/late"
        try git(home.path, ["init", "--quiet", "--bare", remote])
        try git(home.path, ["clone", "--quiet", remote, folder])
        let container = AppContainer(Configuration(store: .directory(home.path + "/data")))
        _ = try await container.useCases.setUpFirstRun()
        let household = try #require(container.household())
        try await household.start(folder: folder, name: "laptop")
        try git(folder, ["config", "remote.origin.uploadpack",
                         "touch \(asked); i=0; while [ ! -e \(go) ] && [ $i -lt 2400 ]; do sleep 0.05; i=$((i+1)); done; "
                             + "[ -e \(go) ] || touch \(late); git-upload-pack"])
        let caller = Caller()
        let exchange = Task { try await caller.exchange(household) }
        #expect(try await caller.letGitAnswer(once: asked, writing: go), "git's fetch never began")
        _ = try await exchange.value
        #expect(!FileManager.default.fileExists(atPath: late), "the caller's actor was held while git waited")
    }

    /// The actor a front calls its household from.
    private actor Caller {
        func exchange(_ household: Household) async throws { _ = try await household.exchange() }

        /// Writes `go` once `asked` appears (within 120 s); whether it did.
        func letGitAnswer(once asked: String, writing go: String) async throws -> Bool {
            for _ in 0..<2400 where !FileManager.default.fileExists(atPath: asked) { try await Task.sleep(for: .milliseconds(50)) }
            return FileManager.default.fileExists(atPath: asked) && FileManager.default.createFile(atPath: go, contents: nil)
        }
    }

    private func git(_ directory: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = ["-C", directory] + arguments
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": directory, "GIT_CONFIG_NOSYSTEM": "1"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Grock.Failure("git \(arguments) failed in \(directory)") }
    }
}
