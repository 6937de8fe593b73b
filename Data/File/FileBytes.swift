#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The first bytes of a file, mapped into memory under a read lease, or else read into memory
/// this object owns. A mapping that another process cuts shorter kills the reader with SIGBUS
/// at the first page past the new end, and Grock's lock binds only Grock; the lease makes
/// another process's open for writing or truncation wait until the bytes are let go (or be
/// refused, when it does not wait). Where no lease is given, the bytes are read: a read that
/// finds fewer bytes than recorded throws (docs/STORAGE.md, "Reading a file another process
/// cuts short").
final class FileBytes {
    /// The bytes when they were read; empty when mapped.
    private let owned: [UInt8]
    /// The mapping, and the file, kept open (and leased) as long as it exists.
    private let mapped: (bytes: UnsafeBufferPointer<UInt8>, fd: Int32)?

    /// Nil when the file does not exist.
    /// - Throws: `StorageError` when the file is shorter than `length` (when opened or when
    ///   read) or cannot be read.
    init?(_ path: String, length: Int) throws(StorageError) {
        guard let fd = try FileSystem.openCommitted(path, length: length) else { return nil }
        if let bytes = FileSystem.mapLeased(fd, length: length) {
            mapped = (bytes, fd)
            owned = []
            return
        }
        defer { close(fd) }
        mapped = nil
        owned = try FileSystem.read(fd, first: length, path: path)
    }

    /// The first `length` bytes of the file open as `fd`, read.
    /// - Throws: `StorageError` when it holds fewer, or cannot be read.
    init(_ fd: Int32, length: Int, path: String) throws(StorageError) {
        mapped = nil
        owned = try FileSystem.read(fd, first: length, path: path)
    }

    /// Calls `body` with the bytes, which are valid only inside it.
    func withBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        guard let mapped else { return try owned.withUnsafeBufferPointer(body) }
        return try withExtendedLifetime(self) { try body(mapped.bytes) }
    }

    deinit {
        guard let mapped else { return }
        munmap(UnsafeMutableRawPointer(mutating: mapped.bytes.baseAddress), mapped.bytes.count)
        // Closing the file ends the lease: a writer waiting for it goes on.
        close(mapped.fd)
    }
}
