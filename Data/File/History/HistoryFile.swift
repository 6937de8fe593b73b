#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `history.tsv` opened by a change, to append to it or (undo) to cut it back: before either,
/// it is checked to be the history the state recorded, so that nothing is ever appended to a
/// damaged, edited or swapped file, and an undo never cuts a file it did not write.
///
/// The file is opened without following links, must be a regular file, start with history's
/// header, hold at least the committed bytes and end them with a line break; then either its
/// stamp (inode and change time) is the one the state recorded right after its last write, or
/// the committed bytes are read and their checksum must be the recorded one. See `HistorySeal`.
final class HistoryFile {
    let path: String
    private let fd: Int32

    /// Opens the file for a change (or only to check it). Nil when it does not exist.
    init?(_ path: String, readOnly: Bool = false) throws(StorageError) {
        let fd = open(path, (readOnly ? O_RDONLY : O_RDWR) | O_NOFOLLOW | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw FileSystem.failure(path)
        }
        self.path = path
        self.fd = fd
    }

    deinit { close(fd) }

    /// Creates the history file with its first bytes; fails if anything has its name.
    /// - Returns: the seal of those bytes.
    static func create(_ bytes: [UInt8], at path: String) throws(StorageError) -> HistorySeal {
        try FileSystem.createNew(bytes, at: path)
        return HistorySeal(checksum: Checksum.lines(bytes, continuing: 0), stamp: Self.stamp(path: path))
    }

    /// Checks that the first `committed` bytes are the history sealed by `seal` (nil: a state
    /// of schema 4, which recorded no checksum; the bytes are then checked for shape only), and
    /// that the first `prefix.length` of them have the checksum `prefix.checksum` (an undo:
    /// the history the restored state recorded).
    /// - Returns: the checksum of the committed bytes.
    /// - Throws: `StorageError.unreadable` naming the file and what is wrong with it.
    /// - Parameter forChange: false for a reader, which may read a file that has other names.
    func verify(committed: Int, seal: HistorySeal?, prefix: (length: Int, checksum: UInt64)? = nil,
                forChange: Bool = true) throws(StorageError) -> UInt64 {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileSystem.failure(path) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw damaged("it is not a regular file") }
        // Appends and undo change the file in place: a second name (a copy made with `cp -l`)
        // would change with it.
        guard info.st_nlink == 1 || !forChange else {
            throw damaged("it has \(info.st_nlink) names (hard links: a copy made with cp -l or cp -al?), "
                + "and every change to it would change them all; copy the directory with cp -r instead")
        }
        guard Int(info.st_size) >= committed else {
            throw damaged("it has \(info.st_size) bytes, but \(committed) were recorded (truncated)")
        }
        guard committed > 0 else { return 0 }
        let header = Array((HistoryCodec.header + "\n").utf8)
        var start = [UInt8](repeating: 0, count: min(header.count, committed))
        var last: [UInt8] = [0]
        guard FileSystem.read(fd, into: &start, at: 0, count: start.count, offset: 0) == start.count,
              FileSystem.read(fd, into: &last, at: 0, count: 1, offset: committed - 1) == 1 else { throw FileSystem.failure(path) }
        guard start == header else { throw damaged("it does not start with \"\(HistoryCodec.header)\"") }
        guard last == [0x0A] else { throw damaged("the last committed line is cut off") }
        // Unchanged since the change that sealed it: its bytes are the ones that change checked.
        if let seal, let stamp = seal.stamp, stamp == Self.stamp(info) { return seal.checksum }
        let checksum = try FileBytes.withReader(fd, length: committed, path: path) { bytes throws(StorageError) in
            guard let prefix, prefix.length >= 0, prefix.length <= committed else { return Checksum.lines(bytes.whole, continuing: 0) }
            let checksum = Checksum.lines(bytes.whole[..<prefix.length], continuing: 0)
            guard checksum == prefix.checksum else {
                throw damaged("its first \(prefix.length) bytes are not the history the earlier state recorded (they were changed since)")
            }
            return Checksum.lines(bytes.whole[prefix.length...], continuing: checksum)
        }
        if let seal, seal.checksum != checksum {
            throw damaged("its first \(committed) bytes are not the history that was recorded (they were changed since)")
        }
        return checksum
    }

    /// Replaces whatever follows the first `committed` bytes (the remains of an interrupted
    /// change) with `bytes`, and flushes the file.
    /// - Returns: the seal of the new committed bytes, given the checksum of the old.
    func append(_ bytes: [UInt8], after committed: Int, checksum: UInt64) throws(StorageError) -> HistorySeal {
        guard ftruncate(fd, off_t(committed)) == 0, lseek(fd, off_t(committed), SEEK_SET) >= 0 else { throw FileSystem.failure(path) }
        try FileSystem.writeAll(bytes, to: fd, path: path)
        guard FileSystem.flush(fd) else { throw FileSystem.failure(path) }
        return HistorySeal(checksum: Checksum.lines(bytes, continuing: checksum), stamp: try stamp())
    }

    /// Cuts the file back to `length` bytes and flushes it.
    func cut(to length: Int) throws(StorageError) {
        guard ftruncate(fd, off_t(length)) == 0, FileSystem.flush(fd) else { throw FileSystem.failure(path) }
    }

    private func stamp() throws(StorageError) -> String {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileSystem.failure(path) }
        return Self.stamp(info)
    }

    private static func stamp(path: String) -> String? {
        var info = stat()
        return lstat(path, &info) == 0 ? stamp(info) : nil
    }

    static func stamp(_ info: stat) -> String {
        #if canImport(Darwin)
        "\(info.st_ino).\(info.st_ctimespec.tv_sec).\(info.st_ctimespec.tv_nsec)"
        #else
        "\(info.st_ino).\(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec)"
        #endif
    }

    private func damaged(_ reason: String) -> StorageError {
        StorageError.unreadable(path: path, reason: reason)
    }
}
