#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's environment, as far as Grock reads it.
public enum ProcessEnvironment {
    /// Every variable Grock looks at (docs/CLI.md lists them). Only these are read: copying
    /// the whole environment into strings was a twentieth of a command's time.
    public static let names = ["GROCK_HOME", "XDG_DATA_HOME", "HOME", "GROCK_NOW", "GROCK_LOCK_TIMEOUT_MS", "GROCK_WATCH_MS", "NO_COLOR",
                               "TERM", "COLUMNS"]

    /// The variables of `names` that are set, with their values.
    public static var current: [String: String] {
        var variables: [String: String] = [:]
        for name in names {
            if let value = getenv(name) { variables[name] = String(cString: value) }
        }
        return variables
    }
}
