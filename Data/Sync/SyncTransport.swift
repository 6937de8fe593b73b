/// How this device reaches its household's folder, recorded in `sync/transport` when it set up
/// (`grock sync init` or `join`): through git when the folder was a git work tree then, else as
/// plain files another program carries. Recorded, not looked up at each exchange: a `.git` that
/// appears later in a folder other devices write (Syncthing carries whatever a peer puts there)
/// would otherwise make this device run git with that repository's configuration, which can name
/// programs to run (`remote.*.uploadpack`, `core.sshCommand`, ...).
public enum SyncTransport: String, Sendable {
    case git
    case folder

    /// The transport recorded for the data directory; nil when none is (a device set up by an
    /// earlier Grock, or a file that does not say one).
    public static func recorded(in directory: String) -> SyncTransport? {
        // Unreadable is the same as absent: the caller then decides as an earlier Grock did.
        guard let bytes = try? FileSystem.read(path(directory), limit: 64) else { return nil }
        return SyncTransport(rawValue: String(decoding: bytes, as: UTF8.self).trimmingSuffix("\n"))
    }

    /// Records the transport for the data directory, which syncs already.
    /// - Throws: `StorageError` when the file cannot be written.
    public func record(in directory: String) throws {
        try FileSystem.writeAtomically(Array((rawValue + "\n").utf8), to: Self.path(directory))
    }

    private static func path(_ directory: String) -> String { directory + "/sync/transport" }
}

private extension String {
    func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}
