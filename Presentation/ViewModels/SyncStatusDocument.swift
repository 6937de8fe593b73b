import Domain

/// Where a device's household sync stands (`grock --json sync status`, RPC `sync.status`).
public struct SyncStatusDocument: Sendable, Hashable, Encodable {
    public struct Device: Sendable, Hashable, Encodable {
        public let id: String
        public let name: String
        public let this: Bool
        public let left: Bool
        public let segments: Int
        public let applied: Int
        /// When its newest change was made, RFC 3339 (nil: none seen yet).
        public let lastSeen: String?
    }

    public let folder: String
    public let household: String
    public let devices: [Device]
    public let pending: Int
    public let waiting: [String]
    public let damaged: [String]
    public let quarantined: [String]

    public init(_ status: SyncStatus) {
        folder = status.folder
        household = status.household
        devices = status.devices.map {
            Device(id: $0.id, name: $0.name, this: $0.isThis, left: $0.hasLeft, segments: $0.segments, applied: $0.applied,
                   lastSeen: $0.lastSeen.map { Timestamp(secondsSince1970: $0 / 1000).description })
        }
        pending = status.pending
        waiting = status.waiting
        damaged = status.damaged
        quarantined = status.quarantined
    }
}
