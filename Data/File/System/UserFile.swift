#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
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
            throw StorageError.io(path: path,
                                  reason: "is inside the data directory, where it would replace Grock's own files; write it elsewhere")
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
        // Nowhere left to report a failure to report a failure.
        try? FileSystem.writeAll(bytes, to: fd, path: "")
    }

    /// Writes everything to a file descriptor such as standard output, retrying short writes.
    /// - Throws: `StorageError.io` naming `name` when it cannot: a full disk, a closed pipe.
    public static func write(_ bytes: [UInt8], to fd: Int32, name: String) throws(StorageError) {
        try FileSystem.writeAll(bytes, to: fd, path: name)
    }

    /// A document written piece by piece, for output too large to hold in memory: to standard
    /// output, or to a file that appears whole or not at all.
    ///
    /// A file is written to a temporary file beside it under a new name (the file's name,
    /// `.tmp-`, the process id and random hex digits), created with
    /// `O_CREAT|O_EXCL|O_NOFOLLOW` and mode 0600 so that nothing planted under that name is
    /// written through; `commit` flushes it to disk and renames it over the file. Until then
    /// the file is untouched, and a writer that fails or is dropped uncommitted deletes its
    /// temporary file.
    public final class Writer {
        /// The file the document replaces; nil for standard output.
        public let path: String?
        private let fd: Int32
        private let temporary: String?
        private var buffer: [UInt8] = []
        private var isOpen = true
        /// How many bytes were handed to `write` so far.
        public private(set) var count = 0

        private static let bufferSize = 1 << 16

        /// A writer to standard output: written as it comes, so a failure part way leaves part
        /// of the document there.
        public init() {
            path = nil
            fd = STDOUT_FILENO
            temporary = nil
            buffer.reserveCapacity(Writer.bufferSize)
        }

        /// A writer that replaces `path` when committed; a device or pipe there (`/dev/stdout`)
        /// is written to instead.
        /// - Parameter dataDirectory: a directory `path` must not be in (see `UserFile.write`).
        /// - Throws: `StorageError` when the temporary file cannot be created.
        public init(replacing path: String, outside dataDirectory: String? = nil) throws(StorageError) {
            try UserFile.requireOutside(dataDirectory, path)
            var info = stat()
            if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
                guard info.st_mode & S_IFMT != S_IFDIR else { throw StorageError.io(path: path, reason: "is a directory") }
                let fd = open(path, O_WRONLY | O_CLOEXEC)
                guard fd >= 0 else { throw FileSystem.failure(path) }
                self.path = path
                self.fd = fd
                self.temporary = nil
                return
            }
            let temporary = path + FileSystem.temporaryMarker + String(getpid()) + "-"
                + String(UInt64.random(in: 0...UInt64.max), radix: 16)
            let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard fd >= 0 else { throw FileSystem.failure(path) }
            self.path = path
            self.fd = fd
            self.temporary = temporary
            buffer.reserveCapacity(Writer.bufferSize)
        }

        deinit { discard() }

        /// - Throws: `StorageError` when writing fails; the temporary file is then gone.
        public func write(_ bytes: [UInt8]) throws(StorageError) {
            guard isOpen else { throw closed() }
            count += bytes.count
            buffer += bytes
            if buffer.count >= Writer.bufferSize { try flush() }
        }

        /// Writes what is buffered; for a file, flushes it to disk and renames it over `path`.
        /// - Throws: `StorageError`; the file at `path` is then as it was, and the temporary
        ///   file gone.
        public func commit() throws(StorageError) {
            guard isOpen else { throw closed() }
            try flush()
            guard let path, let temporary else {
                isOpen = false
                if fd != STDOUT_FILENO { close(fd) }
                return
            }
            guard FileSystem.flush(fd) else { throw failed(FileSystem.failure(path)) }
            isOpen = false
            close(fd)
            guard rename(temporary, path) == 0 else {
                let error = FileSystem.failure(path)
                unlink(temporary)
                throw error
            }
            try FileSystem.syncDirectory(of: path)
        }

        private func flush() throws(StorageError) {
            guard !buffer.isEmpty else { return }
            do throws(StorageError) {
                try FileSystem.writeAll(buffer, to: fd, path: path ?? "standard output")
            } catch {
                throw failed(error)
            }
            buffer.removeAll(keepingCapacity: true)
        }

        private func closed() -> StorageError {
            StorageError.io(path: path ?? "standard output", reason: "was already committed or given up")
        }

        /// Gives up: the temporary file goes, and `error` is passed on.
        private func failed(_ error: StorageError) -> StorageError {
            discard()
            return error
        }

        private func discard() {
            guard isOpen else { return }
            isOpen = false
            if fd != STDOUT_FILENO { close(fd) }
            if let temporary { unlink(temporary) }
        }
    }
}
