#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
        guard let fd = try FileSystem.openCommitted(path, length: length) else { return nil }
        defer { close(fd) }
        self.length = length
        guard length > 0 else {
            mapping = nil
            bytes = UnsafeBufferPointer(start: nil, count: 0)
            return
        }
        // Every use reads the whole file: have the kernel map it in one go rather than page by page.
        guard let mapped = mmap(nil, length, PROT_READ, MAP_PRIVATE | FileSystem.populate, fd, 0), mapped != MAP_FAILED else { throw FileSystem.failure(path) }
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
