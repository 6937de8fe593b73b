@testable import DataLayer
import Domain
import Foundation
import Glibc
import Synchronization
import TestSupport
import Testing

/// A file that another process cuts short while Grock reads it: Grock throws (or, for the
/// spending cache, reads history instead) and recovers once the file is whole again. Reading
/// a memory mapping past a file's new end would kill the process with SIGBUS instead, so
/// Grock's files are mapped only under a lease, for one call, and read otherwise
/// (docs/STORAGE.md, "Reading a file another process cuts short").
@Suite struct TruncatedFileTests {
    /// The committed length of a stocked directory's history, and the directory.
    func stocked() async throws -> (TemporaryDirectory, FileStorage, Int) {
        let (directory, storage, _) = try await HostileFileTests().directory()
        return (directory, storage, try storage.load().0.historyBytes)
    }

    @Test func historyCutBetweenOpenAndReadThrows() async throws {
        let (directory, storage, length) = try await stocked()
        defer { directory.remove() }
        let path = storage.historyPath
        let fd = try #require(try FileSystem.openCommitted(path, length: length))
        defer { close(fd) }
        #expect(truncate(path, off_t(length / 2)) == 0)
        #expect(throws: StorageError.unreadable(path: path,
            reason: "it has \(length / 2) bytes, but \(length) were recorded (truncated)")) {
            try FileBytes.withReader(fd, length: length, path: path) { _ in }
        }
    }

    /// While its bytes are held, the file cannot be cut: opening it for writing waits for them
    /// to be let go (a lease), or is refused at once when it would not wait. Where the system
    /// gives no lease, the bytes were read and a cut cannot reach them.
    @Test func heldBytesStayWhateverIsDoneToTheFile() async throws {
        let (directory, storage, length) = try await stocked()
        defer { directory.remove() }
        let path = storage.historyPath
        let before = Array(try Data(contentsOf: URL(fileURLWithPath: path)).prefix(length))
        let held = try FileBytes.withReader(path, length: length) { bytes in
            let writer = open(path, O_WRONLY | O_NONBLOCK)
            if writer >= 0 {
                close(writer)
                #expect(truncate(path, 0) == 0)
            } else {
                #expect(errno == EWOULDBLOCK)
            }
            return Array(bytes.whole)
        }
        #expect(held == before)
    }

    /// The kernel breaks a lease after `/proc/sys/fs/lease-break-time` whatever its holder does,
    /// so no lease may outlive the read it was taken for: once a command has read history (and
    /// the spending cache), a writer opens the files at once. A long `grock rpc` or `grock serve`
    /// holds none between requests.
    @Test func noLeaseOutlivesTheReadItWasTakenFor() async throws {
        let (directory, storage, _) = try await stocked()
        defer { directory.remove() }
        let cachePath = storage.directory + "/" + SpendingCache.file
        // The first spending read writes the cache, the second reads it.
        for _ in 0..<2 { _ = try await storage.read { try $0.spending().trips } }
        _ = try await storage.read { try $0.completedCarts() }
        #expect(FileSystem.exists(cachePath))
        for path in [storage.historyPath, cachePath] {
            let writer = open(path, O_WRONLY | O_NONBLOCK)
            #expect(writer >= 0, "\(path): errno \(errno)")
            close(writer)
        }
    }

    /// While the bytes are lent, the lease is held (where the system gives one: else the bytes
    /// were read, and `F_GETLEASE` says `F_UNLCK`); once the call returns, it is not.
    #if os(Linux)
    @Test func theLeaseIsHeldWhileTheBytesAreLent() async throws {
        let (directory, storage, length) = try await stocked()
        defer { directory.remove() }
        let path = storage.historyPath
        let fd = try #require(try FileSystem.openCommitted(path, length: length))
        defer { close(fd) }
        let lease = try FileBytes.withReader(fd, length: length, path: path) { _ in fcntl(fd, Lease.get) }
        #expect(lease == Int32(F_RDLCK) || lease == Int32(F_UNLCK))
        #expect(fcntl(fd, Lease.get) == Int32(F_UNLCK))
    }
    #endif

    @Test func aReaderOfACutHistoryThrowsAndRecoversOnceItIsWhole() async throws {
        let (directory, storage, _) = try await stocked()
        defer { directory.remove() }
        let whole = try Data(contentsOf: URL(fileURLWithPath: storage.historyPath))
        let expected = try await storage.read { try $0.completedTrips().map(\.cartID) }
        #expect(truncate(storage.historyPath, off_t(whole.count / 2)) == 0)
        await #expect(throws: StorageError.self) { _ = try await storage.read { try $0.completedCarts() } }
        #expect(await storage.diagnose().contains { $0.isProblem && $0.subject == storage.historyPath })
        let file = try #require(FileHandle(forWritingAtPath: storage.historyPath))
        try file.seek(toOffset: 0)
        try file.write(contentsOf: whole)
        try file.close()
        #expect(try await storage.read { try $0.completedTrips().map(\.cartID) } == expected)
    }

    /// The spending cache cut shorter and shorter, over and over, while commands read it: every
    /// read answers what history says (a cut cache is set aside), none dies.
    @Test func readsWhileTheSpendingCacheIsCutAgainAndAgain() async throws {
        let (directory, storage, _) = try await stocked()
        defer { directory.remove() }
        let expected = try await storage.read { try $0.spending().trips }
        let cachePath = storage.directory + "/" + SpendingCache.file
        let whole = try Data(contentsOf: URL(fileURLWithPath: cachePath))
        let cutter = Cutter()
        let thread = Thread { [cutter] in
            var length = off_t(whole.count)
            while !cutter.stop.load(ordering: .relaxed) {
                length = length > 1 ? length / 2 : off_t(whole.count)
                // The file may be renamed over by a reader meanwhile: whichever is there is cut.
                _ = truncate(cachePath, length)
            }
        }
        thread.start()
        defer { cutter.stop.store(true, ordering: .relaxed) }
        for _ in 0..<200 {
            #expect(try await storage.read { try $0.spending().trips } == expected)
        }
    }
}

/// Tells the thread that cuts a file to stop.
private final class Cutter: Sendable {
    let stop = Atomic<Bool>(false)
}
