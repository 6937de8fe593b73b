import DataLayer
import Domain
import Presentation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The composition root: picks the storage, the clock and the identifier source, and builds
/// use cases and view models over them. Nothing else in Grock constructs these.
public struct AppContainer: Sendable {
    /// The storage itself, for what is no use case (`doctor`); changes go through `useCases`,
    /// which note whether one was committed.
    public let storage: any Storage

    /// The changes to the data from now on, made here or by another process: a live screen
    /// refreshes on each (`LiveUpdates`).
    public func changes() -> AsyncStream<StorageChange> { storage.changes() }
    public let useCases: UseCases
    /// The data directory, for the file store; nil in memory.
    public let directory: String?
    /// The clock household sync stamps and checks changes by, in ms since 1970.
    public let syncClock: @Sendable () -> Int64
    private let lockTimeout: Duration
    private let commits: CommitWatchingStorage

    /// Whether a change has been committed through `useCases`: from then on a command may warn,
    /// but not fail (its change is saved, and running it again would repeat it).
    public var hasCommitted: Bool { commits.hasCommitted }

    /// Grock as `configuration` asks: over its files or in memory, with the system clock (or
    /// the fixed one it names) and random identifiers.
    public init(_ configuration: Configuration) {
        let clock = SystemClock(fixedAt: configuration.fixedNow)
        let storage: any Storage
        var directory: String?
        switch configuration.store {
        case .directory(let path):
            let files = FileStorage(directory: path, lockTimeout: configuration.lockTimeout, watchInterval: configuration.watchInterval)
            // A data directory that syncs keeps each change for its household too. Whether it syncs
            // is looked at on each change (one look at a file), so a household started or joined
            // through `household()` takes this container's changes from then on.
            storage = SyncedStorage(files, now: { clock.milliseconds() })
            directory = path
        case .inMemory:
            storage = InMemoryStorage()
        }
        self.init(storage: storage, work: configuration.storageWork, clock: clock, directory: directory, lockTimeout: configuration.lockTimeout)
    }

    /// Grock over a throwaway in-memory store.
    public static func inMemory(clock: any Clock = SystemClock()) -> AppContainer {
        AppContainer(storage: InMemoryStorage(), work: .background, clock: clock, directory: nil, lockTimeout: .seconds(10))
    }

    private init(storage: any Storage, work: Configuration.StorageWork, clock: any Clock, directory: String?, lockTimeout: Duration) {
        self.storage = storage
        self.lockTimeout = lockTimeout
        commits = CommitWatchingStorage(work == .background ? BackgroundStorage(storage) : storage)
        self.useCases = UseCases(storage: commits, clock: clock, ids: RandomIdentifiers())
        self.directory = directory
        if let system = clock as? SystemClock {
            syncClock = { system.milliseconds() }
        } else {
            syncClock = { clock.now().secondsSince1970 * 1000 }
        }
    }

    // MARK: - Services

    /// What `grock doctor` finds: every file of the data directory read, and its household
    /// folder when it syncs, without changing anything; nil in memory (nothing on disk).
    public func doctor() async -> [DoctorFinding]? {
        guard let files = storage as? FileStorage ?? (storage as? SyncedStorage)?.files, let household = household() else { return nil }
        var checks = await files.diagnose()
        checks += await household.diagnose()
        return checks.map { DoctorFinding(subject: $0.subject, detail: $0.detail, isProblem: $0.isProblem) }
    }

    /// Export and import of this container's data.
    public func transfer() -> Transfer { Transfer(useCases: useCases, directory: directory) }

    /// The data directory's household sync; nil in memory (there is nothing to sync).
    public func household() -> Household? {
        guard let directory else { return nil }
        let ids = RandomIdentifiers()
        return Household(directory: directory, lockTimeout: lockTimeout, clock: syncClock, newDevice: { ids.makeIdentifier() })
    }

    // MARK: - View models

    @MainActor public func home() -> HomeViewModel { HomeViewModel(useCases: useCases) }
    @MainActor public func vault() -> VaultViewModel { VaultViewModel(useCases: useCases) }
    @MainActor public func cart(_ reference: String) -> CartDetailViewModel { CartDetailViewModel(useCases: useCases, cart: reference) }
    @MainActor public func shopping(_ reference: String) -> ShoppingModeViewModel { ShoppingModeViewModel(useCases: useCases, cart: reference) }
    @MainActor public func stores() -> StoresViewModel { StoresViewModel(useCases: useCases) }
    @MainActor public func settings() -> SettingsViewModel { SettingsViewModel(useCases: useCases) }
    @MainActor public func onboarding() -> OnboardingViewModel { OnboardingViewModel(useCases: useCases) }
    @MainActor public func insights() -> InsightsViewModel { InsightsViewModel(useCases: useCases) }
    @MainActor public func history() -> HistoryViewModel { HistoryViewModel(useCases: useCases) }
    @MainActor public func plan() -> PlanViewModel { PlanViewModel(useCases: useCases) }
    @MainActor public func report() -> ReportViewModel { ReportViewModel(useCases: useCases) }
    @MainActor public func receipt() -> ReceiptViewModel { ReceiptViewModel(useCases: useCases) }
}

/// The machine's clock, with the local time zone's offset; `Configuration.fixedNow`
/// (`GROCK_NOW`) fixes it for reproducible examples and tests.
public struct SystemClock: Clock {
    private let fixed: Timestamp?

    /// The machine's clock, whatever the environment says.
    public init() { fixed = nil }

    /// A clock that stays at `time` (nil: the machine's clock).
    public init(fixedAt time: Timestamp?) { fixed = time }

    public func now() -> Timestamp {
        if let fixed { return fixed }
        var seconds = time(nil)
        var local = tm()
        localtime_r(&seconds, &local)
        return Timestamp(secondsSince1970: Int64(seconds), utcOffsetSeconds: Int32(local.tm_gmtoff))
    }

    /// Milliseconds since 1970, for sync's hybrid clock (a fixed clock's time, to the second).
    public func milliseconds() -> Int64 {
        if let fixed { return fixed.secondsSince1970 * 1000 }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }
}

/// Random 64-bit identifiers as 16 lowercase hex digits.
public struct RandomIdentifiers: IdentifierSource {
    public init() {}

    public func makeIdentifier() -> String {
        let digits = String(UInt64.random(in: 1...UInt64.max), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// One finding of `AppContainer.doctor()`: a file or folder, and what was found in it.
public struct DoctorFinding: Sendable, Equatable {
    public let subject: String
    /// What was found, for a healthy subject; what is wrong, otherwise.
    public let detail: String
    public let isProblem: Bool
}
