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
    /// The id this device had, when it became a device of its own in this exchange (`why` says why).
    public var formerDevice: String? = nil
    /// Why this device took a new id, when it did (`formerDevice`).
    public var why: NewIdentity? = nil
    /// When this device's changes are stamped more than a day ahead of its clock (it once read
    /// that late, and a hybrid clock never goes back): its latest stamp, in ms since 1970. The
    /// others merge them only when their clocks are that late, or once this device restamps
    /// them (`restamp`, if its clock is right now). Nil otherwise.
    public var stampedAhead: Int64? = nil
    /// Whether the household's file was missing from the folder and this device wrote it again.
    public var folderRewritten = false

    /// Why a device took a new id in an exchange.
    public enum NewIdentity: Sendable, Hashable {
        /// Another data directory writes as it (a copy of this one, or this one put back from a backup).
        case copied
        /// Asked to restamp: its `count` changes stamped more than a day ahead of its clock (which
        /// once read that late) were sent again under the new id, stamped by its clock now.
        case restamped(count: Int)
        /// Its `device` file in the folder says that its changes stamped after `after` (ms since
        /// 1970) were taken back (by a copy of this data directory that restamped them, or a
        /// forged file): it sent them again under the new id.
        case withdrawn(after: Int64)
    }

    /// A report as the exchange made it.
    public init(sent: Int, received: Int, waiting: [String], damaged: [String], quarantined: [String] = [], formerDevice: String? = nil,
                why: NewIdentity? = nil, folderRewritten: Bool = false) {
        self.sent = sent
        self.received = received
        self.waiting = waiting
        self.damaged = damaged
        self.quarantined = quarantined
        self.formerDevice = formerDevice
        self.why = why
        self.folderRewritten = folderRewritten
    }
}
