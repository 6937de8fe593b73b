import Domain

/// What an exchange with the household did (`grock --json sync`, RPC `sync`): changes sent and
/// received, segments still arriving or damaged, and changes of other devices refused.
public struct SyncReportDocument: Sendable, Hashable, Encodable {
    /// How many changes of this device were sent out.
    public let sent: Int
    /// How many versions of other devices' changes were taken in.
    public let received: Int
    /// Segments still arriving (no end yet), each as `device/NNNNNNNN.seg`: the next sync takes them.
    public let waiting: [String]
    /// Damaged segments, each as `device/NNNNNNNN.seg: reason`.
    public let damaged: [String]
    /// Changes refused (a name, an amount or a stamp Grock refuses), each as
    /// `device/NNNNNNNN.seg: KEY: reason`; the rest of their segments was merged.
    public let quarantined: [String]
    /// How many of this device's changes, stamped more than a day ahead of its clock, were sent
    /// again stamped now (`grock sync --restamp`); absent otherwise.
    public let restamped: Int?
    /// When this device's changes are stamped more than a day ahead of its clock: its latest
    /// stamp, RFC 3339 (the others wait for them; `grock sync --restamp`); absent otherwise.
    public let stampedAhead: String?

    /// The document of an exchange's report.
    public init(_ report: SyncReport) {
        sent = report.sent
        received = report.received
        waiting = report.waiting
        damaged = report.damaged
        quarantined = report.quarantined
        if case .restamped(let count) = report.why { restamped = count } else { restamped = nil }
        stampedAhead = report.stampedAhead.map { Timestamp(clamping: $0 / 1000).description }
    }
}
