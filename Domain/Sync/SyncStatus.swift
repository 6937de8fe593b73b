// What household sync tells a front of a device's state: a plain value, so that a front shows
// it without knowing how sync stores anything (docs/SYNC.md).

/// The state of a device's sync, for `grock sync status`.
public struct SyncStatus: Sendable, Hashable {
    /// One device of the household, as the folder shows it.
    public struct Device: Sendable, Hashable {
        /// Its id, which its stamps and segments carry.
        public let id: String
        /// The name a person gave it.
        public let name: String
        /// Whether it is the device asking.
        public let isThis: Bool
        /// Whether it left the household: its changes stay merged, it sends no more.
        public let hasLeft: Bool
        /// Its segments in the folder.
        public let segments: Int
        /// How many of `segments` this device has applied.
        public let applied: Int
        /// The newest change of this device seen, in ms since 1970 (nil: none yet).
        public let lastSeen: Int64?
        /// The name of the device it became when it restamped its changes (its clock had read far
        /// ahead): they come from that one now, and are not waited for here (nil: it did not).
        public let restampedAs: String?

        /// A device's state as the folder shows it.
        public init(id: String, name: String, isThis: Bool, hasLeft: Bool, segments: Int, applied: Int, lastSeen: Int64?,
                    restampedAs: String? = nil) {
            self.id = id
            self.name = name
            self.isThis = isThis
            self.hasLeft = hasLeft
            self.segments = segments
            self.applied = applied
            self.lastSeen = lastSeen
            self.restampedAs = restampedAs
        }
    }

    /// The shared folder's path.
    public let folder: String
    /// The household's id, the same on every device of it.
    public let household: String
    /// Every device the folder knows, this one included.
    public let devices: [Device]
    /// Changes made here that the next `grock sync` sends.
    public let pending: Int
    /// Segments not merged yet and why: still arriving, dated ahead of this clock, or turned up
    /// after a snapshot said it covered them (`device/NNNNNNNN.seg: reason`).
    public let waiting: [String]
    /// Damaged segments, as in `SyncReport.damaged`.
    public let damaged: [String]
    /// The changes this device refused (the newest the data layer keeps).
    public let quarantined: [String]

    /// A status as the data layer read it.
    public init(folder: String, household: String, devices: [Device], pending: Int, waiting: [String], damaged: [String],
                quarantined: [String]) {
        self.folder = folder
        self.household = household
        self.devices = devices
        self.pending = pending
        self.waiting = waiting
        self.damaged = damaged
        self.quarantined = quarantined
    }
}
