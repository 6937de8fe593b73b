#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading the committed bytes of a file another program could cut short (`history.tsv`,
/// `spending.cache`), for the length of one call: mapped into memory under a Linux read lease,
/// or else read into memory the process owns. A mapping that another process cuts shorter kills
/// the reader with SIGBUS at the first page past the new end, and Grock's lock binds only
/// Grock; the lease makes another process's open for writing or truncation wait until the call
/// returns (or be refused, when it does not wait). The kernel breaks a lease anyway after
/// `/proc/sys/fs/lease-break-time` (45 s by default), so nothing may hold the bytes longer than
/// one pass over them: they are lent to a closure, never kept (docs/STORAGE.md, "Reading a file
/// another process cuts short").
enum FileBytes {
    /// Calls `body` with a reader over the first `length` bytes of the data file at `path`
    /// (never through a link), valid only inside it; nil, without calling it, when the file
    /// does not exist.
    /// - Throws: `StorageError` when the file is not a regular file, is shorter than `length`
    ///   (when opened or when read) or cannot be read; whatever `body` throws.
    static func withReader<T>(_ path: String, length: Int, _ body: (ByteReader) throws -> T) throws -> T? {
        guard let fd = try FileSystem.openCommitted(path, length: length) else { return nil }
        defer { close(fd) }
        let held = try Held(fd, length: length, path: path)
        defer { held.release(fd) }
        return try held.withReader(path: path, body)
    }

    /// Calls `body` with a reader over the first `length` bytes of the open file `fd`, valid
    /// only inside it. A file open for writing (history while a change checks it) gets no lease
    /// and is read.
    /// - Throws: `StorageError` when they cannot be read (or were cut short), or what `body` throws.
    static func withReader<T>(_ fd: Int32, length: Int, path: String,
                              _ body: (ByteReader) throws(StorageError) -> T) throws(StorageError) -> T {
        let held = try Held(fd, length: length, path: path)
        defer { held.release(fd) }
        return try held.withReader(path: path, body)
    }

    /// The first `length` bytes of the file open as `fd`, read from its start into one buffer
    /// (not zeroed first).
    /// - Throws: `StorageError.unreadable` when the file ends before them (it was cut short
    ///   since it was opened), `.io` when it cannot be read.
    static func read(_ fd: Int32, first length: Int, path: String) throws(StorageError) -> [UInt8] {
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: max(length, 0)) { buffer, count in
            count = 0
            guard let start = buffer.baseAddress else { return }
            while count < buffer.count {
                let read = pread(fd, start + count, buffer.count - count, off_t(count))
                if read < 0 && errno == EINTR { continue }
                if read < 0 { failed = true }
                if read <= 0 { break }
                count += read
            }
        }
        if failed { throw FileSystem.failure(path) }
        guard bytes.count == length else {
            throw StorageError.unreadable(path: path, reason: "it has \(bytes.count) bytes, but \(length) were recorded (truncated)")
        }
        return bytes
    }

    /// The bytes of one call: a leased mapping, or an array of their own.
    private enum Held {
        case mapped(UnsafeBufferPointer<UInt8>)
        case owned([UInt8])

        init(_ fd: Int32, length: Int, path: String) throws(StorageError) {
            if let mapping = Held.mapLeased(fd, length: length) {
                self = .mapped(mapping)
            } else {
                self = .owned(try FileBytes.read(fd, first: length, path: path))
            }
        }

        func withReader<T, E: Error>(path: String, _ body: (ByteReader) throws(E) -> T) throws(E) -> T {
            switch self {
            // The mapping's bytes, lent to the reader until `release` unmaps them.
            case .mapped(let bytes): try body(ByteReader(bytes, path: path))
            case .owned(let bytes): try bytes.withUnsafeBufferPointer { buffer throws(E) in try body(ByteReader(buffer, path: path)) }
            }
        }

        /// Unmaps the bytes and ends the lease: a writer waiting for it goes on.
        func release(_ fd: Int32) {
            guard case .mapped(let bytes) = self else { return }
            munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
            #if os(Linux)
            // Failing to end it here matters not: closing the file ends it too.
            _ = fcntl(fd, Lease.set, Int32(F_UNLCK))
            #endif
        }

        /// The first `length` bytes of the file open as `fd`, mapped into memory under a read
        /// lease. Nil when there is no lease to have (not Linux; not the file's owner; the file
        /// open for writing anywhere; a file system without leases), or the file is now shorter.
        private static func mapLeased(_ fd: Int32, length: Int) -> UnsafeBufferPointer<UInt8>? {
            #if os(Linux)
            // A lease's break is told by a signal: SIGIO by default, which kills; SIGURG is
            // ignored unless handled.
            guard length > 0, fcntl(fd, Lease.setSignal, SIGURG) == 0, fcntl(fd, Lease.set, Int32(F_RDLCK)) == 0 else { return nil }
            var info = stat()
            // Every use reads the whole file: have the kernel map it in one go rather than page by page.
            guard fstat(fd, &info) == 0, Int(info.st_size) >= length,
                  let mapping = mmap(nil, length, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0), mapping != MAP_FAILED else {
                // Failing to end it here matters not: closing the file ends it too.
                _ = fcntl(fd, Lease.set, Int32(F_UNLCK))
                return nil
            }
            return UnsafeBufferPointer(start: mapping.assumingMemoryBound(to: UInt8.self), count: length)
            #else
            return nil
            #endif
        }
    }
}

#if os(Linux)
/// The `fcntl` commands of Linux's file leases, which Swift's Glibc module does not export
/// (glibc's `<bits/fcntl-linux.h>` defines them only under `_GNU_SOURCE`). `F_RDLCK`, `F_UNLCK`
/// and `SIGURG`, which it does export, come from Glibc.
enum Lease {
    /// `F_SETSIG`: `__F_SETSIG` in the kernel's `<asm-generic/fcntl.h>` (x86-64 and arm64 alike).
    static let setSignal: Int32 = 10
    /// `F_SETLEASE`: `F_LINUX_SPECIFIC_BASE + 0` in `<linux/fcntl.h>` (the base is 1024).
    static let set: Int32 = 1024
    /// `F_GETLEASE`: `F_LINUX_SPECIFIC_BASE + 1` in `<linux/fcntl.h>`.
    static let get: Int32 = 1025
}
#endif
