import DataLayer
import Domain

/// What a front asks of Grock's composition, read once from its arguments and the environment:
/// where the data lives, how long to wait for another process using it, whether the clock is
/// fixed, and whether colour is welcome. Every front reads these the same way.
public struct Configuration: Sendable, Equatable {
    /// Where the data lives.
    public enum Store: Sendable, Equatable {
        /// The file store in this directory.
        case directory(String)
        /// A throwaway store in memory.
        case inMemory
    }

    /// Where the storage does its work.
    public enum StorageWork: Sendable, Equatable {
        /// Off the caller's actor (`BackgroundStorage`): for a front whose main actor must stay
        /// responsive.
        case background
        /// On the caller's executor: for a front that waits for each command anyway (the
        /// command line), sparing a thread hop and a worker thread.
        case inPlace
    }

    /// How many changes one run may commit (`CommitWatchingStorage` holds it to them).
    public enum ChangeLimit: Sendable, Equatable {
        /// One: a command stores its one change or nothing, so that success means everything was
        /// stored and failure that nothing was; a second change is a bug, refused.
        case one
        /// Any number, each its own: a session (shopping mode's lines) or a server's requests.
        case unlimited
    }

    /// Where the data lives: the data directory `read` resolved, or memory (`--in-memory`).
    public var store: Store
    /// Where the storage does its work; `read` leaves it `.background`, and the command line sets
    /// `.inPlace` for every command but `rpc` and `serve` (which answer several requests).
    public var storageWork: StorageWork
    /// How many changes one run may commit; `read` leaves it `.unlimited`, and the command line
    /// sets `.one` for every command but those that hold a session (`shop`, `rpc`, `serve`).
    public var changeLimit: ChangeLimit = .unlimited
    /// How often a live front's change stream looks for other processes' changes
    /// (`GROCK_WATCH_MS`).
    public var watchInterval: Duration
    /// How long a change waits for another process holding the data directory.
    public var lockTimeout: Duration
    /// The moment the clock stays at (`GROCK_NOW`), for reproducible examples and tests.
    public var fixedNow: Timestamp?
    /// False when `NO_COLOR` is set or `TERM` is `dumb` (a front may still decline colour).
    public var colorAllowed: Bool

    /// A configuration with `read`'s defaults for whatever is not given: background storage work,
    /// a 10 s lock timeout, a 1 s watch interval, the running clock and colour allowed. For tests
    /// and fronts that build one without reading the environment.
    public init(store: Store, storageWork: StorageWork = .background, lockTimeout: Duration = .seconds(10),
                watchInterval: Duration = .seconds(1), fixedNow: Timestamp? = nil, colorAllowed: Bool = true) {
        self.store = store
        self.storageWork = storageWork
        self.watchInterval = watchInterval
        self.lockTimeout = lockTimeout
        self.fixedNow = fixedNow
        self.colorAllowed = colorAllowed
    }

    /// The configuration `environment` (`ProcessEnvironment.current`) and a front's own
    /// choices ask for.
    /// - Parameters:
    ///   - dataDirectory: a directory the person named (`--data-dir`); an empty one is an
    ///     error, never the default.
    ///   - inMemory: a throwaway store instead of files.
    /// - Throws: `ConfigurationError`: no data directory can be found, or `GROCK_NOW` is not
    ///   an RFC 3339 time (a clock silently left running would date every change wrongly).
    public static func read(dataDirectory: String? = nil, inMemory: Bool = false,
                            environment: [String: String]) throws(ConfigurationError) -> Configuration {
        var fixedNow: Timestamp?
        if let text = environment["GROCK_NOW"], !text.isEmpty {
            guard let time = Timestamp(rfc3339: text) else {
                throw ConfigurationError(kind: .invalidInput,
                                         description: "GROCK_NOW is \(Echo.quoted(text)), not an RFC 3339 time like "
                                                          + "2026-03-02T10:00:00+01:00")
            }
            fixedNow = time
        }
        let store: Store
        if inMemory {
            store = .inMemory
        } else if let directory = DataDirectory.resolve(flag: dataDirectory, environment: environment) {
            store = .directory(directory)
        } else {
            throw ConfigurationError(kind: .storage, description: "no data directory: pass --data-dir DIR or set GROCK_HOME or HOME")
        }
        return Configuration(store: store, lockTimeout: try milliseconds("GROCK_LOCK_TIMEOUT_MS", environment) ?? .seconds(10),
                             watchInterval: try milliseconds("GROCK_WATCH_MS", environment, least: 1) ?? .seconds(1),
                             fixedNow: fixedNow, colorAllowed: colorAllowed(environment))
    }

    private static func milliseconds(_ name: String, _ environment: [String: String],
                                     least: Int = 0) throws(ConfigurationError) -> Duration? {
        guard let text = environment[name], !text.isEmpty else { return nil }
        guard let milliseconds = Int(text), milliseconds >= least, milliseconds <= 86_400_000 else {
            throw ConfigurationError(kind: .invalidInput,
                                     description: "\(name) is \(Echo.quoted(text)), not a number of milliseconds from \(least) to 86400000")
        }
        return .milliseconds(milliseconds)
    }

    /// Whether `environment` welcomes colour: `NO_COLOR` unset (or empty) and `TERM` not `dumb`.
    public static func colorAllowed(_ environment: [String: String]) -> Bool {
        let noColor = environment["NO_COLOR"] ?? ""
        return noColor.isEmpty && environment["TERM"] != "dumb"
    }
}
