#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The first bytes of a file, read into memory this object owns: a read, never a mapping.
/// A file mapped into memory that another process cuts shorter kills the reader with SIGBUS
/// at the first page past the new end, and no lock keeps a process that is not Grock's from
/// cutting it; a read that finds fewer bytes than recorded throws instead
/// (docs/STORAGE.md, "Reading a file another process cuts short").
final class FileBytes {
    private let bytes: [UInt8]

    /// Nil when the file does not exist.
    /// - Throws: `StorageError` when the file is shorter than `length` (when opened or when
    ///   read) or cannot be read.
    init?(_ path: String, length: Int) throws(StorageError) {
        guard let fd = try FileSystem.openCommitted(path, length: length) else { return nil }
        defer { close(fd) }
        bytes = try FileSystem.read(fd, first: length, path: path)
    }

    /// The first `length` bytes of the file open as `fd`.
    /// - Throws: `StorageError` when it holds fewer, or cannot be read.
    init(_ fd: Int32, length: Int, path: String) throws(StorageError) {
        bytes = try FileSystem.read(fd, first: length, path: path)
    }

    /// Calls `body` with the bytes, which are valid only inside it.
    func withBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        try bytes.withUnsafeBufferPointer(body)
    }
}

/// The name the spending cache's reader (`SpendingCacheLayout.swift`) still uses for
/// `FileBytes`, from when it was a mapping.
typealias MappedFile = FileBytes
