// What household sync tells a front: an exchange's outcome and a device's state. Plain values,
// so that a front shows them without knowing how sync stores anything (docs/SYNC.md).

/// What an exchange did.
public struct SyncReport: Sendable, Hashable {
    /// Changes of this device sent out, and versions of other devices' changes taken in.
    public let sent: Int
    public let received: Int
    /// Segments still arriving (no end yet), and damaged ones (`device/NNNNNNNN.seg: reason`).
    public let waiting: [String]
    public let damaged: [String]
    /// Changes refused at the boundary (a name, an amount or a stamp Grock refuses), each as
    /// `device/NNNNNNNN.seg: KEY: reason`: the rest of their segments was merged.
    public var quarantined: [String] = []
    /// The id this device had, when it found that another data directory writes as it (a copy
    /// of this one) and became a device of its own.
    public var formerDevice: String? = nil
    /// Whether the household's file was missing from the folder and this device wrote it again.
    public var folderRewritten = false

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

/// The state of a device's sync, for `grock sync status`.
public struct SyncStatus: Sendable, Hashable {
    public struct Device: Sendable, Hashable {
        public let id: String
        public let name: String
        public let isThis: Bool
        public let hasLeft: Bool
        /// Segments in the folder, and how many of them this device has applied.
        public let segments: Int
        public let applied: Int
        /// The newest change of this device seen, in ms since 1970 (nil: none yet).
        public let lastSeen: Int64?

        public init(id: String, name: String, isThis: Bool, hasLeft: Bool, segments: Int, applied: Int, lastSeen: Int64?) {
            self.id = id
            self.name = name
            self.isThis = isThis
            self.hasLeft = hasLeft
            self.segments = segments
            self.applied = applied
            self.lastSeen = lastSeen
        }
    }

    public let folder: String
    public let household: String
    public let devices: [Device]
    /// Changes made here that the next `grock sync` sends.
    public let pending: Int
    public let waiting: [String]
    public let damaged: [String]
    /// The changes this device refused (the newest the data layer keeps).
    public let quarantined: [String]

    public init(folder: String, household: String, devices: [Device], pending: Int, waiting: [String], damaged: [String], quarantined: [String]) {
        self.folder = folder
        self.household = household
        self.devices = devices
        self.pending = pending
        self.waiting = waiting
        self.damaged = damaged
        self.quarantined = quarantined
    }
}
