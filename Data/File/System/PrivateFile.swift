#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Small files of Grock's own that live beside the data but are not part of it (the web
/// server's sessions and the keys of the changes it applied), kept with the data directory's
/// care: read only when a regular file (never through a link, never a FIFO), replaced whole
/// through a new temporary file (`O_CREAT|O_EXCL|O_NOFOLLOW`, mode 0600) renamed over it and
/// flushed with its directory, appended to only as a regular file reached without a link.
/// The directory a file is in is made (mode 0700) when missing, with any missing above it.
public enum PrivateFile {
    /// What tells one version of a file from another without reading it (a link is looked
    /// at, not followed): another process replacing the file changes it.
    public struct Identity: Equatable, Sendable {
        fileprivate let file: FileIdentity
    }

    /// The file's bytes, or nil when it does not exist.
    /// - Throws: `StorageError.io` when it cannot be read, is a link or not a regular file, or
    ///   holds more than `limit` bytes.
    public static func read(_ path: String, limit: Int) throws(StorageError) -> [UInt8]? {
        try FileSystem.read(path, limit: limit)
    }

    /// Replaces the file with `bytes`: a crash leaves the old file or the new one, and a link at
    /// `path` is replaced, never written through.
    /// - Throws: `StorageError.io` when it cannot be written.
    public static func replace(_ path: String, with bytes: [UInt8]) throws(StorageError) {
        try makeDirectory(of: path)
        try FileSystem.writeAtomically(bytes, to: path)
    }

    /// Adds `bytes` to the end of the file (made, mode 0600, when missing) and flushes it to disk.
    /// - Throws: `StorageError.io` when it cannot be written, or is a link or not a regular file.
    public static func append(_ bytes: [UInt8], to path: String) throws(StorageError) {
        try makeDirectory(of: path)
        // O_NONBLOCK: a FIFO with no reader fails the open instead of blocking it for ever.
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard fd >= 0 else { throw FileSystem.failure(path) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileSystem.failure(path) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw StorageError.io(path: path, reason: "is not a regular file") }
        try FileSystem.writeAll(bytes, to: fd, path: path)
        guard FileSystem.flush(fd) else { throw FileSystem.failure(path) }
    }

    /// The file's identity now; nil when there is nothing at `path`.
    public static func identity(_ path: String) -> Identity? {
        FileIdentity(of: path).map(Identity.init)
    }

    /// Makes the directory `path` is in, and any missing above it (mode 0700).
    private static func makeDirectory(of path: String) throws(StorageError) {
        let directory = FileSystem.parent(of: path)
        guard !directory.isEmpty else { return }
        try FileSystem.makeDirectory(directory)
    }
}
