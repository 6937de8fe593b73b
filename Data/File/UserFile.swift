/// Files the user names on the command line (exports, imports, reports), read and written with
/// the same care as the data directory: whole or not at all.
public enum UserFile {
    /// The file's bytes, or nil when it does not exist.
    public static func read(_ path: String) throws(StorageError) -> [UInt8]? {
        try FileSystem.read(path, following: true)
    }

    /// Writes through a temporary file renamed over `path`, so a failure leaves the old file.
    public static func write(_ bytes: [UInt8], to path: String) throws(StorageError) {
        try FileSystem.writeAtomically(bytes, to: path)
    }

    /// Writes everything to a file descriptor such as standard output, retrying short writes.
    public static func write(_ bytes: [UInt8], to fd: Int32) {
        try? FileSystem.writeAll(bytes, to: fd, path: "")
    }
}
