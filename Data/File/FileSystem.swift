import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The few POSIX calls durable storage needs, each turning failure into `StorageError.io`.
enum FileSystem {
    /// The whole file, or nil when it does not exist. Read into one buffer of the file's size.
    static func read(_ path: String) throws(StorageError) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw failure(path)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure(path) }
        // Read into uninitialised capacity (no zeroing first); one more byte than the size says,
        // so that a file that grew meanwhile is noticed and read to its end.
        var bytes: [UInt8] = []
        var capacity = max(Int(info.st_size), 0) + 1
        while true {
            var failed = false
            bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                count = 0
                while count < buffer.count {
                    let read = Glibc.read(fd, buffer.baseAddress! + count, buffer.count - count)
                    if read < 0 && errno == EINTR { continue }
                    if read < 0 { failed = true }
                    if read <= 0 { break }
                    count += read
                }
            }
            if failed { throw failure(path) }
            if bytes.count < capacity { return bytes }
            // The file is longer than it was: read it again from the start, with room to spare.
            guard lseek(fd, 0, SEEK_SET) == 0 else { throw failure(path) }
            capacity *= 2
        }
    }

    /// Replaces `path` with `bytes` so that a crash leaves either the old or the new file:
    /// write a temporary file, flush it to disk, rename it over, flush the directory.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(StorageError) {
        let temporary = path + ".tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw failure(temporary) }
        do throws(StorageError) {
            try writeAll(bytes, to: fd, path: temporary)
            guard fsync(fd) == 0 else { throw failure(temporary) }
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        close(fd)
        guard rename(temporary, path) == 0 else {
            let error = failure(path)
            unlink(temporary)
            throw error
        }
        try syncDirectory(of: path)
    }

    static func writeAll(_ bytes: [UInt8], to fd: Int32, path: String) throws(StorageError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw failure(path)
            }
            offset += written
        }
    }

    /// Flushes a directory, so that renames, links and new files in it survive a power loss.
    static func syncDirectory(of path: String) throws(StorageError) {
        let directory = parent(of: path)
        let fd = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw failure(directory) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw failure(directory) }
    }

    /// Creates a private directory (mode 0700) and its parents when missing.
    static func makeDirectory(_ path: String) throws {
        var status = stat()
        if stat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else { throw StorageError.io(path: path, reason: "is not a directory") }
            return
        }
        let parent = parent(of: path)
        if !parent.isEmpty && parent != path {
            do {
                try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
            } catch {
                throw StorageError.io(path: parent, reason: "cannot create the directory")
            }
        }
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else { throw failure(path) }
    }

    /// Whether something exists at `path`.
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// The names in a directory (without `.` and `..`); empty when it cannot be read.
    static func names(in directory: String) -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// The directory part of a path: `a/b` for `a/b/c`, `/` for `/c`, empty for `c`.
    static func parent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        if slash == trimmed.startIndex { return "/" }
        var parent = trimmed[..<slash]
        while parent.count > 1 && parent.hasSuffix("/") { parent.removeLast() }
        return String(parent)
    }

    static func failure(_ path: String) -> StorageError {
        StorageError.io(path: path, reason: String(cString: strerror(errno)))
    }
}

/// What tells one file from another without reading it: device, inode, size and modification
/// time.
struct FileIdentity: Equatable, Sendable {
    private let device: UInt64
    private let inode: UInt64
    private let size: Int64
    private let seconds: Int
    private let nanoseconds: Int

    /// Nil when the file cannot be looked at.
    init?(of path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        seconds = Int(info.st_mtim.tv_sec)
        nanoseconds = Int(info.st_mtim.tv_nsec)
    }
}

/// The first bytes of a file, mapped into memory read-only: no copy, and pages come from the
/// page cache as they are touched. The file must not shrink while mapped (Grock's history
/// only shrinks under the exclusive lock).
final class MappedFile {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let mapping: UnsafeMutableRawPointer?
    private let length: Int

    /// Nil when the file does not exist.
    /// - Throws: `StorageError` when the file is shorter than `length` or cannot be mapped.
    init?(_ path: String, length: Int) throws(StorageError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw FileSystem.failure(path)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileSystem.failure(path) }
        guard Int(info.st_size) >= length else {
            throw StorageError.unreadable(path: path, reason: "it has \(info.st_size) bytes, but \(length) were recorded (truncated)")
        }
        self.length = length
        guard length > 0 else {
            mapping = nil
            bytes = UnsafeBufferPointer(start: nil, count: 0)
            return
        }
        // Every use reads the whole file: have the kernel map it in one go rather than page by page.
        guard let mapped = mmap(nil, length, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0), mapped != MAP_FAILED else { throw FileSystem.failure(path) }
        mapping = mapped
        bytes = UnsafeBufferPointer(start: mapped.assumingMemoryBound(to: UInt8.self), count: length)
    }

    /// Calls `body` with the bytes, which are valid only inside it.
    func withBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        try withExtendedLifetime(self) { try body(bytes) }
    }

    deinit {
        if let mapping { munmap(mapping, length) }
    }
}
