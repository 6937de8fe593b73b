import Domain

/// Where a device's household sync stands (`grock --json sync status`, RPC `sync.status`).
public struct SyncStatusDocument: Sendable, Hashable, Encodable {
    /// A device of the household: this one or another that shares the folder.
    public struct Device: Sendable, Hashable, Encodable {
        /// The device's id, as its segments in the folder are named.
        public let id: String
        /// The name the device was given (its id when it has none).
        public let name: String
        /// Whether it is the device asking.
        public let this: Bool
        /// Whether it has left the household.
        public let left: Bool
        /// How many of its segments are in the folder.
        public let segments: Int
        /// How many of those this device has applied.
        public let applied: Int
        /// When its newest change was made, RFC 3339 (nil: none seen yet).
        public let lastSeen: String?
        /// The name of the device it became when it restamped its changes (absent: it did not).
        public let restampedAs: String?
    }

    /// The shared folder the household syncs through, as configured.
    public let folder: String
    /// The household's id, the same on every device that shares the folder.
    public let household: String
    /// Every device seen in the folder.
    public let devices: [Device]
    /// How many changes made here the next `sync` sends.
    public let pending: Int
    /// Segments not merged yet: still arriving (`device/NNNNNNNN.seg`), or with the reason they
    /// wait (dated ahead, turned up after a snapshot covered them).
    public let waiting: [String]
    /// Damaged segments, each as `device/NNNNNNNN.seg: reason`.
    public let damaged: [String]
    /// The changes this device refused, each as `device/NNNNNNNN.seg: KEY: reason`.
    public let quarantined: [String]

    /// The document of a device's sync state.
    public init(_ status: SyncStatus) {
        folder = status.folder
        household = status.household
        devices = status.devices.map {
            Device(id: $0.id, name: $0.name, this: $0.isThis, left: $0.hasLeft, segments: $0.segments, applied: $0.applied,
                   lastSeen: $0.lastSeen.map { Timestamp(clamping: $0 / 1000).description }, restampedAs: $0.restampedAs)
        }
        pending = status.pending
        waiting = status.waiting
        damaged = status.damaged
        quarantined = status.quarantined
    }
}
