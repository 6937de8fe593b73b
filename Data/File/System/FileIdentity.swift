#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What tells one file from another without reading it: device, inode, size and modification
/// time.
struct FileIdentity: Equatable, Sendable {
    private let device: UInt64
    private let inode: UInt64
    private let size: Int64
    private let seconds: Int
    private let nanoseconds: Int

    /// Nil when the file cannot be looked at. A link is looked at, not followed.
    init?(of path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        #if canImport(Darwin)
        seconds = Int(info.st_mtimespec.tv_sec)
        nanoseconds = Int(info.st_mtimespec.tv_nsec)
        #else
        seconds = Int(info.st_mtim.tv_sec)
        nanoseconds = Int(info.st_mtim.tv_nsec)
        #endif
    }
}
