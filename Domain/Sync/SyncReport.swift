// What household sync tells a front of an exchange: a plain value, so that a front shows it
// without knowing how sync stores anything (docs/SYNC.md).

/// What an exchange did.
public struct SyncReport: Sendable, Hashable {
    /// Changes of this device sent out.
    public let sent: Int
    /// Versions of other devices' changes taken in.
    public let received: Int
    /// Segments still arriving (no end yet).
    public let waiting: [String]
    /// Segments that cannot be read, each as `device/NNNNNNNN.seg: reason`.
    public let damaged: [String]
    /// Changes refused at the boundary (a name, an amount or a stamp Grock refuses), each as
    /// `device/NNNNNNNN.seg: KEY: reason`: the rest of their segments was merged.
    public var quarantined: [String] = []
    /// The id this device had, when it found that another data directory writes as it (a copy
    /// of this one) and became a device of its own.
    public var formerDevice: String? = nil
    /// Whether the household's file was missing from the folder and this device wrote it again.
    public var folderRewritten = false

    /// A report as the exchange made it.
    public init(sent: Int, received: Int, waiting: [String], damaged: [String], quarantined: [String] = [], formerDevice: String? = nil,
                folderRewritten: Bool = false) {
        self.sent = sent
        self.received = received
        self.waiting = waiting
        self.damaged = damaged
        self.quarantined = quarantined
        self.formerDevice = formerDevice
        self.folderRewritten = folderRewritten
    }
}
