/// What a replicator around the household folder does before and after an exchange: nothing
/// for Syncthing or a cloud drive (they run by themselves); pull, then commit and push, for a
/// git work tree. The front supplies it (running `git` is no business of the data layer).
public protocol FolderTransport: Sendable {
    /// Brings the other devices' files in (before the exchange).
    func pull(_ folder: String) throws
    /// Sends this device's new files out (after the exchange): `files` are relative to `folder`.
    func push(_ folder: String, device: String, files: [String]) throws
}

/// The folder needs nothing done: a replicator keeps it in step by itself.
public struct PassiveTransport: FolderTransport {
    /// The transport for a folder kept in step by Syncthing, a cloud drive or the like.
    public init() {}
    /// Does nothing: the replicator has brought the other devices' files already, or will.
    public func pull(_ folder: String) throws {}
    /// Does nothing: the replicator sends the files written on its own.
    public func push(_ folder: String, device: String, files: [String]) throws {}
}
