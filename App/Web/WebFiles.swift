import Composition

/// The few files `grock serve` keeps of its own (in `web/` of the data directory), through
/// Composition's `PrivateTextFile` (DataLayer's care: no link followed, no FIFO read, written
/// whole through a new temporary file and a rename, flushed to disk, mode 0600), failures as
/// `WebError` of kind `.storage`.
enum WebFiles {
    /// The most a file of `web/` may hold: a larger one is refused before it is read.
    static let limit = 1 << 24

    /// The file's text, or nil when it does not exist.
    static func read(_ path: String) throws(WebError) -> String? {
        do { return try PrivateTextFile.read(path, limit: limit) } catch { throw WebError(error.description, kind: .storage) }
    }

    static func write(_ text: String, to path: String) throws(WebError) {
        do { try PrivateTextFile.replace(path, with: text) } catch { throw WebError(error.description, kind: .storage) }
    }

    /// Adds a line to the end of `path` and flushes it to disk.
    static func append(_ line: String, to path: String) throws(WebError) {
        do { try PrivateTextFile.append(line: line, to: path) } catch { throw WebError(error.description, kind: .storage) }
    }

    /// What tells one version of a file from another (nil: no file).
    static func identity(_ path: String) -> PrivateTextFile.Identity? { PrivateTextFile.identity(path) }
}
