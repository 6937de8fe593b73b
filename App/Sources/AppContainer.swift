import DataLayer
import Domain
import Presentation
#if canImport(Glibc)
import Glibc
#endif

/// The composition root: picks the storage, the clock and the identifier source, and builds
/// use cases and view models over them. Nothing else in Grock constructs these.
public struct AppContainer: Sendable {
    /// The storage itself, for what is no use case (`doctor`); changes go through `useCases`,
    /// which note whether one was committed.
    public let storage: any Storage
    public let useCases: UseCases
    /// The data directory, for the file store; nil in memory.
    public let directory: String?
    private let commits: CommitWatchingStorage

    /// Whether a change has been committed through `useCases`: from then on a command may warn,
    /// but not fail (its change is saved, and running it again would repeat it).
    public var hasCommitted: Bool { commits.hasCommitted }

    /// Grock over the files in `directory`.
    /// - Parameter lockTimeout: how long to wait for another grock using the directory.
    public static func live(directory: String, clock: any Clock = SystemClock(), lockTimeout: Duration = .seconds(10)) -> AppContainer {
        AppContainer(storage: FileStorage(directory: directory, lockTimeout: lockTimeout), clock: clock, directory: directory)
    }

    /// Grock over a throwaway in-memory store.
    public static func inMemory(clock: any Clock = SystemClock()) -> AppContainer {
        AppContainer(storage: InMemoryStorage(), clock: clock, directory: nil)
    }

    private init(storage: any Storage, clock: any Clock, directory: String?) {
        self.storage = storage
        commits = CommitWatchingStorage(storage)
        self.useCases = UseCases(storage: commits, clock: clock, ids: RandomIdentifiers())
        self.directory = directory
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
}

/// The machine's clock, with the local time zone's offset; `GROCK_NOW` (RFC 3339) fixes it
/// for reproducible examples and tests.
public struct SystemClock: Clock {
    private let fixed: Timestamp?

    /// The machine's clock, whatever the environment says.
    public init() { fixed = nil }

    /// The clock `environment` asks for: fixed at `GROCK_NOW` when that is set (an empty value
    /// counts as unset).
    /// - Throws: a usage error when `GROCK_NOW` is not an RFC 3339 time: a clock silently left
    ///   running would date every change wrongly for whoever meant to fix it.
    public init(environment: [String: String]) throws {
        guard let text = environment["GROCK_NOW"], !text.isEmpty else {
            fixed = nil
            return
        }
        guard let time = Timestamp(rfc3339: text) else {
            throw CommandFailure(code: .usage, description: "GROCK_NOW is \(Echo.quoted(text)), not an RFC 3339 time like 2026-03-02T10:00:00+01:00")
        }
        fixed = time
    }

    public func now() -> Timestamp {
        if let fixed { return fixed }
        var seconds = time(nil)
        var local = tm()
        localtime_r(&seconds, &local)
        return Timestamp(secondsSince1970: Int64(seconds), utcOffsetSeconds: Int32(local.tm_gmtoff))
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
