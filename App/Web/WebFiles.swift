#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few files `grock serve` keeps of its own (in `web/` of the data directory): read whole,
/// written whole through a temporary file and a rename, flushed to disk, mode 0600.
enum WebFiles {
    static func read(_ path: String) throws(WebError) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw WebError("cannot read \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(fd, $0) }
            if count < 0 { if errno == EINTR { continue }; throw WebError("cannot read \(path): \(String(cString: strerror(errno)))") }
            if count == 0 { break }
            bytes += chunk[..<count]
            if bytes.count > 1 << 24 { throw WebError("\(path) is larger than 16 MiB: run grock serve --revoke to start it afresh") }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func write(_ text: String, to path: String) throws(WebError) {
        let directory = try makeDirectory(holding: path)
        let temporary = path + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw WebError("cannot write \(path): \(String(cString: strerror(errno)))") }
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { systemWrite(fd, $0) }
            if written < 0 { if errno == EINTR { continue }; close(fd); unlink(temporary); throw WebError("cannot write \(path): \(String(cString: strerror(errno)))") }
            offset += written
        }
        guard fsync(fd) == 0, close(fd) == 0, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw WebError("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        let directoryFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 { _ = fsync(directoryFD); close(directoryFD) }
    }

    /// Makes the directory `path` is in (mode 0700) unless it is there.
    /// - Returns: the directory.
    @discardableResult
    private static func makeDirectory(holding path: String) throws(WebError) -> String {
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
        if mkdir(directory, 0o700) != 0 && errno != EEXIST { throw WebError("cannot make \(directory): \(String(cString: strerror(errno)))") }
        return directory
    }

    /// What tells one version of a file from another: inode, size and change time (nil: no file).
    static func identity(_ path: String) -> [Int]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return [Int(info.st_ino), Int(info.st_size), Int(info.st_ctim.tv_sec), Int(info.st_ctim.tv_nsec)]
    }

    static func remove(_ path: String) throws(WebError) {
        guard unlink(path) == 0 || errno == ENOENT else { throw WebError("cannot remove \(path): \(String(cString: strerror(errno)))") }
    }

    /// Adds a line to the end of `path` and flushes it to disk.
    static func append(_ line: String, to path: String) throws(WebError) {
        try makeDirectory(holding: path)
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw WebError("cannot write \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let bytes = Array((line + "\n").utf8)
        guard bytes.withUnsafeBytes({ systemWrite(fd, $0) }) == bytes.count, fsync(fd) == 0 else {
            throw WebError("cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }
}

// The system's calls, out of reach of `WebFiles.read` and `WebFiles.write`.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int { read(fd, buffer.baseAddress, buffer.count) }
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Int { write(fd, buffer.baseAddress, buffer.count) }
