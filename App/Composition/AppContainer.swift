import DataLayer
import Domain
import Presentation

/// The composition root: picks the storage, the clock and the identifier source, and builds
/// use cases and view models over them. Nothing else in Grock constructs these.
public struct AppContainer: Sendable {
    /// What a container over a data directory keeps besides its storage, known when it is
    /// built: the file store under the storage, which doctor reads, and what household sync
    /// runs with.
    private struct OnDisk: Sendable {
        let path: String
        let files: FileStorage
        let lockTimeout: Duration
        /// The clock household sync stamps and checks changes by, in ms since 1970.
        let syncClock: @Sendable () -> Int64
    }

    /// Every use case over this container's storage, clock and identifiers: what a front calls when
    /// no view model covers the command (and what the factories below hand to each view model).
    /// Its writes are watched, so `committedChanges` knows how many went through.
    public let useCases: UseCases
    private let commits: CommitWatchingStorage
    /// Nil in memory: nothing on disk to check or sync.
    private let onDisk: OnDisk?

    /// The data directory, for the file store; nil in memory.
    public var directory: String? { onDisk?.path }

    /// The changes to the data from now on, made here or by another process: a live screen
    /// refreshes on each (`LiveUpdates`).
    public func changes() -> AsyncStream<StorageChange> { commits.changes() }

    /// How many changes have been committed through `useCases`: from the first on, a command may
    /// warn but not fail (its change is saved, and running it again would repeat it). Held to the
    /// configuration's `changeLimit`.
    public var committedChanges: Int { commits.committedChanges }

    /// Grock as `configuration` asks: over its files or in memory, with the system clock (or
    /// the fixed one it names) and random identifiers.
    public init(_ configuration: Configuration) {
        let clock = SystemClock(fixedAt: configuration.fixedNow)
        switch configuration.store {
        case .directory(let path):
            let files = FileStorage(directory: path, lockTimeout: configuration.lockTimeout, watchInterval: configuration.watchInterval)
            // A data directory that syncs keeps each change for its household too. Whether it syncs
            // is looked at on each change (one look at a file), so a household started or joined
            // through `household()` takes this container's changes from then on.
            let storage = SyncedStorage(files, now: { clock.milliseconds() })
            let onDisk = OnDisk(path: path, files: files, lockTimeout: configuration.lockTimeout, syncClock: { clock.milliseconds() })
            self.init(storage: storage, configuration: configuration, clock: clock, onDisk: onDisk)
        case .inMemory:
            self.init(storage: InMemoryStorage(), configuration: configuration, clock: clock, onDisk: nil)
        }
    }

    /// Grock over a throwaway in-memory store.
    public static func inMemory(clock: any Clock = SystemClock()) -> AppContainer {
        AppContainer(storage: InMemoryStorage(), configuration: Configuration(store: .inMemory), clock: clock, onDisk: nil)
    }

    private init(storage: any Storage, configuration: Configuration, clock: any Clock, onDisk: OnDisk?) {
        commits = CommitWatchingStorage(configuration.storageWork == .background ? BackgroundStorage(storage) : storage,
                                        limit: configuration.changeLimit)
        useCases = UseCases(storage: commits, clock: clock, ids: RandomIdentifiers())
        self.onDisk = onDisk
    }

    // MARK: - Services

    /// What `grock doctor` finds: every file of the data directory read, and its household
    /// folder when it syncs, without changing anything; nil in memory (nothing on disk).
    public func doctor() async -> [DoctorFinding]? {
        guard let onDisk, let household = household() else { return nil }
        var checks = await onDisk.files.diagnose()
        checks += await household.diagnose()
        return checks.map { DoctorFinding(subject: $0.subject, detail: $0.detail, isProblem: $0.isProblem) }
    }

    /// Export and import of this container's data.
    public func transfer() -> Transfer { Transfer(useCases: useCases, directory: directory) }

    /// The data directory's household sync; nil in memory (there is nothing to sync).
    public func household() -> Household? {
        guard let onDisk else { return nil }
        // The container's one source of identifiers, as every use case's.
        let ids = useCases.ids
        return Household(directory: onDisk.path, lockTimeout: onDisk.lockTimeout, clock: onDisk.syncClock,
                         newDevice: { ids.makeIdentifier() })
    }
}
