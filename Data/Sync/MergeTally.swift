import Domain

/// What an exchange tells of itself (its `SyncReport`): the changes it sent and received, and
/// what it left out, each said once.
struct MergeTally {
    /// Changes sent: one per change made here (a price, a line bought, an import).
    var sent = 0
    /// Changes received: one per change another device made that changed something here, told
    /// by its stamp (the household's start counts none), with the things it changed (`owner`s):
    /// one whose every thing was refused as merged (a cart Grock could not count) changed
    /// nothing here, and is not counted.
    private var receivedChanges: [HybridTimestamp: Set<SyncKey>] = [:]
    private(set) var waiting: [String] = []
    private(set) var damaged: [String] = []
    /// Changes refused at the boundary in this exchange (`SegmentCheck`), the first
    /// `quarantineShown` of them.
    private(set) var quarantined: [String] = []
    /// How many more were refused: a forged segment of a million refusals is told in a line, not
    /// held and printed a million times.
    private var moreQuarantined = 0
    static let quarantineShown = 200

    /// This device's latest stamp, when it is more than a day ahead of its clock.
    var stampedAhead: Int64?

    var received: Int { receivedChanges.count }

    /// The change stamped `stamp` changed `key` here.
    mutating func receive(_ stamp: HybridTimestamp, changing key: SyncKey) {
        receivedChanges[stamp, default: []].insert(key.owner)
    }

    /// `owner` was refused as merged (it stays as it was here): the changes that changed nothing
    /// else are not received.
    mutating func refuse(_ owner: SyncKey) {
        for (stamp, owners) in receivedChanges where owners.contains(owner) {
            receivedChanges[stamp] = owners.count == 1 ? nil : owners.subtracting([owner])
        }
    }

    /// A segment that is not merged yet: still arriving, stamped ahead, or after one not here.
    mutating func wait(_ message: String) { Self.note(&waiting, message) }

    /// A segment that cannot be merged as it is.
    mutating func damage(_ message: String) { Self.note(&damaged, message) }

    mutating func quarantine(_ refusals: [String]) {
        let room = max(0, Self.quarantineShown - quarantined.count)
        quarantined += refusals.prefix(room)
        moreQuarantined += max(0, refusals.count - room)
    }

    /// The report of an exchange that ended here.
    func report(formerDevice: String?, why: SyncReport.NewIdentity?, folderRewritten: Bool) -> SyncReport {
        let more = moreQuarantined > 0 ? ["and \(Wording.counted(moreQuarantined, "more change")) refused, not listed"] : []
        var report = SyncReport(sent: sent, received: received, waiting: waiting, damaged: damaged, quarantined: quarantined + more,
                                formerDevice: formerDevice, why: formerDevice == nil ? nil : why ?? .copied, folderRewritten: folderRewritten)
        report.stampedAhead = stampedAhead
        return report
    }

    /// A segment is looked at again on each pass over the devices: it is told once.
    private static func note(_ list: inout [String], _ message: String) {
        if !list.contains(message) { list.append(message) }
    }
}
