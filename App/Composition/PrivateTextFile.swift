import DataLayer

/// The small text files a front keeps of its own beside the data (`grock serve`'s `web/`), for
/// fronts that do not see DataLayer: `PrivateFile`'s care (no link followed, no FIFO read, every
/// write whole and flushed), in text, with failures told as one sentence naming the file.
public enum PrivateTextFile {
    /// Why a file could not be read or written: "cannot read PATH: reason".
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// The sentence to show.
        public let description: String

        fileprivate init(_ verb: String, _ path: String, _ error: StorageError) {
            let reason = switch error {
            case .io(_, let reason), .unreadable(_, let reason), .insecure(_, let reason): reason
            default: error.description
            }
            description = "cannot \(verb) \(path): \(reason)"
        }
    }

    /// What tells one version of a file from another: another process replacing it changes it.
    public struct Identity: Equatable, Sendable {
        fileprivate let file: PrivateFile.Identity
    }

    /// The file's text (UTF-8, a bad byte read as U+FFFD), or nil when it does not exist.
    /// - Throws: `Failure` when it cannot be read, is a link or not a regular file, or holds more than `limit` bytes.
    public static func read(_ path: String, limit: Int) throws(Failure) -> String? {
        do {
            return try PrivateFile.read(path, limit: limit).map { String(decoding: $0, as: UTF8.self) }
        } catch {
            throw Failure("read", path, error)
        }
    }

    /// Replaces the file with `text`, whole or not at all.
    /// - Throws: `Failure` when it cannot be written.
    public static func replace(_ path: String, with text: String) throws(Failure) {
        do { try PrivateFile.replace(path, with: Array(text.utf8)) } catch { throw Failure("write", path, error) }
    }

    /// Adds `line` and a line break to the end of the file, flushed to disk.
    /// - Throws: `Failure` when it cannot be written.
    public static func append(line: String, to path: String) throws(Failure) {
        do { try PrivateFile.append(Array((line + "\n").utf8), to: path) } catch { throw Failure("write", path, error) }
    }

    /// The file's identity now, a link not followed; nil when there is nothing at `path`.
    public static func identity(_ path: String) -> Identity? { PrivateFile.identity(path).map(Identity.init) }
}
