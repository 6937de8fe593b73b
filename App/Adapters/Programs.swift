#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Other programs Grock runs (git for a household folder that is a work tree, tesseract for a
/// photographed receipt), found as a shell finds them, in absolute directories only.
public enum Programs {
    /// The path of the executable `name` in the directories of `PATH` (`/usr/local/bin:/usr/bin:/bin`
    /// when it is not set); nil when there is none.
    ///
    /// A relative directory of `PATH` (`.`, `bin`, or an empty entry, which a shell reads as `.`)
    /// is passed over: it names wherever Grock was started, and a household folder or a
    /// download there could hold a `git` of its own.
    public static func path(of name: String, searchPath: String? = getenv("PATH").map { String(cString: $0) }) -> String? {
        for directory in (searchPath ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") where directory.hasPrefix("/") {
            let candidate = "\(directory)/\(name)"
            var info = stat()
            if stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
