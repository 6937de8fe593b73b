#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few POSIX calls durable storage needs, each turning failure into `StorageError.io`:
/// reading a whole file, writing one atomically or as a new name, flushing, checking the data
/// directory. The calls that read or write a file through a pointer into memory (`read`,
/// `pread`, `write`) are here and in `FileBytes` (`mmap`), each inside one array or mapping it
/// bounds; the rest of Data reads bytes through `ByteReader`.
enum FileSystem {
    /// Makes what was written to `fd` durable: `fsync`, which on Apple's systems leaves it in
    /// the drive's cache, so there `F_FULLFSYNC` first.
    static func flush(_ fd: Int32) -> Bool {
        #if canImport(Darwin)
        if fcntl(fd, F_FULLFSYNC) == 0 { return true }
        #endif
        return fsync(fd) == 0
    }

    /// The whole file, or nil when it does not exist. Read into one buffer of the file's size.
    /// - Parameter following: whether a symbolic link is followed. Files of the data directory
    ///   are never read through a link (a planted link could make Grock read, then rewrite,
    ///   another file); files the user names may be links.
    /// - Parameter status: told the file's `stat` as opened, before it is read.
    /// - Parameter limit: the most bytes such a file can hold; a larger one (or one that grows
    ///   past it while read) is refused before it is read into memory.
    static func read(_ path: String, following: Bool = false, limit: Int? = nil,
                     status: ((stat) -> Void)? = nil) throws(StorageError) -> [UInt8]? {
        // O_NONBLOCK: a FIFO with no writer would block the open for ever; it is refused below
        // as not a regular file, which reads ignore the flag for.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (following ? 0 : O_NOFOLLOW))
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw failure(path)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure(path) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw StorageError.io(path: path, reason: "is not a regular file") }
        status?(info)
        if let limit, Int64(info.st_size) > Int64(limit) {
            throw StorageError.io(path: path, reason: "is \(info.st_size) bytes, more than such a file can be (\(limit))")
        }
        // Read into uninitialised capacity (no zeroing first); one more byte than the size says,
        // so that a file that grew meanwhile is noticed and read to its end.
        var bytes: [UInt8] = []
        var capacity = max(Int(info.st_size), 0) + 1
        while true {
            var failed = false
            // `read` fills memory through a pointer: the array's own capacity, at offsets below it.
            bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                count = 0
                while count < buffer.count, let start = buffer.baseAddress {
                    let read = SystemCall.read(fd, start + count, buffer.count - count)
                    if read < 0 && errno == EINTR { continue }
                    if read < 0 { failed = true }
                    if read <= 0 { break }
                    count += read
                }
            }
            if failed { throw failure(path) }
            if bytes.count < capacity { return bytes }
            // The file is longer than it was: read it again from the start, with room to spare.
            if let limit, capacity > limit {
                throw StorageError.io(path: path, reason: "grew past \(limit) bytes, more than such a file can be")
            }
            guard lseek(fd, 0, SEEK_SET) == 0 else { throw failure(path) }
            capacity = limit.map { min(capacity * 2, $0 + 1) } ?? capacity * 2
        }
    }

    /// Replaces `path` with `bytes` so that a crash leaves either the old or the new file:
    /// write a temporary file, flush it to disk, rename it over, flush the directory. A link
    /// at `path` is replaced, never followed.
    /// - Parameter durable: false for derived files (a cache), which skip both flushes.
    static func writeAtomically(_ bytes: [UInt8], to path: String, durable: Bool = true) throws(StorageError) {
        let temporary = try writeTemporary(bytes, for: path, durable: durable)
        guard rename(temporary, path) == 0 else {
            let error = failure(path)
            unlink(temporary)
            throw error
        }
        if durable { try syncDirectory(of: path) }
    }

    /// Creates `path` with `bytes`, durably, failing if anything already has that name: the
    /// file appears whole or not at all, and no existing file is ever replaced.
    static func createNew(_ bytes: [UInt8], at path: String) throws(StorageError) {
        let temporary = try writeTemporary(bytes, for: path)
        defer { unlink(temporary) }
        guard link(temporary, path) == 0 else {
            if errno == EEXIST {
                throw StorageError.unreadable(path: path, reason: "it already exists, but nothing the state records names it")
            }
            throw failure(path)
        }
        try syncDirectory(of: path)
    }

    /// Writes `bytes` to a new temporary file beside `path` and flushes it; returns its name.
    /// The name is new (process id and random digits) and the file is created exclusively
    /// without following links, so a file or link planted under a guessable name is never
    /// written through. A killed writer's temporary files are removed by the next change
    /// (`DataFiles.isTemporary`).
    private static func writeTemporary(_ bytes: [UInt8], for path: String, durable: Bool = true) throws(StorageError) -> String {
        let temporary = path + temporaryMarker + String(getpid()) + "-" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        // Failures name the file being written, not its temporary name.
        guard fd >= 0 else { throw failure(path) }
        do throws(StorageError) {
            try writeAll(bytes, to: fd, path: path)
            guard !durable || flush(fd) else { throw failure(path) }
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        close(fd)
        return temporary
    }

    static let temporaryMarker = ".tmp-"

    static func writeAll(_ bytes: [UInt8], to fd: Int32, path: String) throws(StorageError) {
        var offset = 0
        while offset < bytes.count {
            // `write` reads memory through a pointer: the array's own bytes from `offset` on.
            let written = bytes[offset...].withUnsafeBytes { SystemCall.write(fd, $0.baseAddress, $0.count) }
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
        guard flush(fd) else { throw failure(directory) }
    }

    /// Creates a private directory and every missing directory above it, each mode 0700 (as the
    /// XDG base directory specification asks of one made to write in: `grock serve` on a new
    /// data directory makes `DATA/web` and `DATA` alike). One that exists is left as it is.
    static func makeDirectory(_ path: String) throws(StorageError) {
        var status = stat()
        if stat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else { throw StorageError.io(path: path, reason: "is not a directory") }
            return
        }
        let parent = parent(of: path)
        if !parent.isEmpty && parent != path { try makeDirectory(parent) }
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else { throw failure(path) }
    }

    /// The path with every link and `..` resolved (`realpath`); nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether something exists at `path` (a link counts, even one that leads nowhere).
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// Refuses a directory inside the data directory (`undo`) that is not a plain directory of
    /// this user's: through a link, Grock would delete and create files elsewhere.
    static func checkInner(_ path: String) throws(StorageError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw StorageError.insecure(path: path,
                                        reason: "is not a directory (a link?), and Grock follows none in its data directory; move it away")
        }
        guard info.st_uid == geteuid() else {
            throw StorageError.insecure(path: path, reason: "belongs to another user (uid \(info.st_uid))")
        }
    }

    /// Refuses a data directory that someone else could change under Grock: one not owned by
    /// this user or writable by group or others, or a symbolic link owned by someone else
    /// (which that someone could point elsewhere). Nothing at `path` is fine: it is created
    /// private by the first change.
    static func checkPrivate(_ path: String) throws(StorageError) {
        var link = stat(), info = stat()
        guard lstat(path, &link) == 0 else { return }
        let me = geteuid()
        if link.st_mode & S_IFMT == S_IFLNK && link.st_uid != me {
            throw StorageError.insecure(path: path, reason: "is a symbolic link owned by another user (uid \(link.st_uid)); "
                                            + "use the directory it points to, if you trust it, or another one")
        }
        guard stat(path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw StorageError.io(path: path, reason: "is not a directory") }
        if info.st_uid != me {
            throw StorageError.insecure(path: path, reason: "belongs to another user (uid \(info.st_uid)); use a directory of your own")
        }
        let mode = info.st_mode & 0o777
        if mode & 0o022 != 0 {
            throw StorageError.insecure(path: path,
                                        reason: "can be changed by other users (mode \(String(mode, radix: 8))); run: chmod 700 \(path)")
        }
    }

    /// The names in a directory (without `.` and `..`); empty when it cannot be read.
    /// A link is not followed: a directory of Grock's that is a link is listed as empty.
    /// For a clean-up or a look that may miss files; what decides that nothing is there uses
    /// `listing(of:)`.
    static func names(in directory: String) -> [String] { (try? listing(of: directory)) ?? [] }

    /// The names in a directory (without `.` and `..`); empty when it does not exist.
    /// - Throws: `StorageError.io` when it cannot be read (not ours to read, a link, not a
    ///   directory): "nothing is there" is never said of a directory that could not be looked in.
    static func listing(of directory: String) throws(StorageError) -> [String] {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return [] }
            throw failure(directory)
        }
        guard let handle = fdopendir(fd) else {
            let failed = failure(directory)
            close(fd)
            throw failed
        }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            // The name is a C array of characters, which Swift sees as a tuple: read as its bytes.
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

    /// Opens a data file to read its first `length` bytes (the committed part of history),
    /// without following a link; nil when it does not exist.
    /// - Throws: `StorageError` when it is not a regular file or is shorter than `length`.
    static func openCommitted(_ path: String, length: Int) throws(StorageError) -> Int32? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw failure(path)
        }
        var info = stat()
        do throws(StorageError) {
            guard fstat(fd, &info) == 0 else { throw failure(path) }
            guard info.st_mode & S_IFMT == S_IFREG else { throw StorageError.io(path: path, reason: "is not a regular file") }
            guard Int(info.st_size) >= length else {
                throw StorageError.unreadable(path: path, reason: "it has \(info.st_size) bytes, but \(length) were recorded (truncated)")
            }
        } catch {
            close(fd)
            throw error
        }
        return fd
    }

    /// `pread`: up to `count` bytes of the open file `fd` from byte `offset` on, into `buffer`
    /// from index `start` on (as many as fit there).
    /// - Returns: how many bytes were read, 0 at the end of the file, or -1 with `errno` set.
    static func read(_ fd: Int32, into buffer: inout [UInt8], at start: Int, count: Int, offset: Int) -> Int {
        guard start >= 0, start <= buffer.count else { return 0 }
        let count = max(0, min(count, buffer.count - start))
        // `pread` fills memory through a pointer: the array's own, inside the range cut above.
        return buffer[start..<(start + count)].withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(offset)) }
    }

    static func failure(_ path: String) -> StorageError {
        if errno == ELOOP { return StorageError.io(path: path, reason: "is a symbolic link, and Grock follows none in its data directory") }
        return StorageError.io(path: path, reason: String(cString: strerror(errno)))
    }
}
