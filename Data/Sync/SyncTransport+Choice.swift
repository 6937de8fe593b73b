#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which transport a data directory's exchange goes through: chosen once, when the device
/// starts or joins, by the folder the person named (`found(in:)`), and recorded; never read from
/// the folder at each exchange, since a peer could plant a `.git` whose config names a program
/// for git to run (docs/SYNC.md).
extension SyncTransport {
    /// Git when `folder` is a git work tree now (it holds `.git`, a link not followed): what the
    /// person setting up chose, by the folder they named.
    public static func found(in folder: String) -> SyncTransport {
        var info = stat()
        return lstat(folder + "/.git", &info) == 0 ? .git : .folder
    }

    /// The transport the data directory recorded when it set up. A device set up by an earlier
    /// Grock recorded none: it is decided as that Grock did (by its folder, read from
    /// `sync/device.tsv`) and recorded now, once. `.folder` in no household, or when
    /// `sync/device.tsv` cannot be read: the exchange then refuses, and says what is wrong,
    /// before any transport is used.
    public static func chosen(for directory: String) -> SyncTransport {
        if let recorded = recorded(in: directory) { return recorded }
        // No household, or a `sync/device.tsv` that cannot be read: `.folder`, and the exchange
        // then refuses with the reason (its own read of the setup throws it) before any transport
        // is used.
        guard let folder = try? HouseholdSync.folder(of: directory) else { return .folder }
        let transport = found(in: folder)
        // Not recorded (a read-only sync/), it is decided the same way next time.
        try? transport.record(in: directory)
        return transport
    }
}
