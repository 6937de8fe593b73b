import Domain

/// What an exchange with the household did (`grock --json sync`, RPC `sync`): changes sent and
/// received, segments still arriving or damaged, and changes of other devices refused.
public struct SyncReportDocument: Sendable, Hashable, Encodable {
    public let sent: Int
    public let received: Int
    public let waiting: [String]
    public let damaged: [String]
    public let quarantined: [String]

    public init(_ report: SyncReport) {
        sent = report.sent
        received = report.received
        waiting = report.waiting
        damaged = report.damaged
        quarantined = report.quarantined
    }
}
