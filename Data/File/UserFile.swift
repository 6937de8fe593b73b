#if canImport(Glibc)
import Glibc
#endif

/// Files the user names on the command line (exports, imports, reports), read and written with
/// the same care as the data directory: whole or not at all.
public enum UserFile {
    /// The file's bytes, or nil when it does not exist.
    public static func read(_ path: String) throws(StorageError) -> [UInt8]? {
        try FileSystem.read(path, following: true)
    }

    /// Writes through a temporary file renamed over `path`, so a failure leaves the old file.
    /// A device or pipe (`/dev/stdout`, a FIFO) is written to, not replaced.
    /// - Parameter dataDirectory: a directory `path` must not be in: an export written over
    ///   Grock's own files would destroy them.
    public static func write(_ bytes: [UInt8], to path: String, outside dataDirectory: String? = nil) throws(StorageError) {
        try requireOutside(dataDirectory, path)
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            guard info.st_mode & S_IFMT != S_IFDIR else { throw StorageError.io(path: path, reason: "is a directory") }
            let fd = open(path, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { throw FileSystem.failure(path) }
            defer { close(fd) }
            return try FileSystem.writeAll(bytes, to: fd, path: path)
        }
        try FileSystem.writeAtomically(bytes, to: path)
    }

    /// Refuses a path inside `directory` (links resolved), such as a data directory.
    public static func requireOutside(_ directory: String?, _ path: String) throws(StorageError) {
        guard let directory, let data = resolved(directory) else { return }
        let parent = FileSystem.parent(of: path)
        guard let folder = resolved(parent.isEmpty ? "." : parent) else { return }
        if folder == data || folder.hasPrefix(data.hasSuffix("/") ? data : data + "/") {
            throw StorageError.io(path: path, reason: "is inside the data directory, where it would replace Grock's own files; write it elsewhere")
        }
    }

    private static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// Writes everything to a file descriptor such as standard error, retrying short writes;
    /// best effort (for messages about something that failed already).
    public static func write(_ bytes: [UInt8], to fd: Int32) {
        try? FileSystem.writeAll(bytes, to: fd, path: "")
    }

    /// Writes everything to a file descriptor such as standard output, retrying short writes.
    /// - Throws: `StorageError.io` naming `name` when it cannot: a full disk, a closed pipe.
    public static func write(_ bytes: [UInt8], to fd: Int32, name: String) throws(StorageError) {
        try FileSystem.writeAll(bytes, to: fd, path: name)
    }
}
