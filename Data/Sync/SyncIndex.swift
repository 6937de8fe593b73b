import Domain

/// What this device knows of its household beyond its own data: the versions of every part
/// changed since the household's first snapshot (the snapshot's own parts are the data
/// itself, stamped `.zero`), the segments of each device applied, the clock, and how much of
/// the outbox is published. Kept as `sync/index-N.tsv`, N the number of the change that wrote
/// it (`SyncIndex+File.swift`), so that a sync killed before its change was committed leaves the
/// previous index in force.
struct SyncIndex: Equatable {
    var clock: HybridTimestamp = .zero
    /// The device this index is of (format 3 on; nil before): committed with the data, it says
    /// which id this data directory syncs as when `sync/device.tsv`, written after the commit,
    /// does not say so yet (an exchange that took a new id, killed in between).
    var device: String?
    /// The latest stamp of a version merged from another device (format 3 on; `.zero` before):
    /// a restamp stamps after it, even after a version that lost and is no longer kept.
    var merged: HybridTimestamp = .zero
    /// Outbox entries up to this number are in this device's segments.
    var published = -1
    /// The number of this device's last segment (-1: none yet): the next is the one after, whatever
    /// the folder lists (a folder deleted or copied back must not make it write a number twice).
    var sent = -1
    /// The checksum of this device's last segment, and the first outbox entry it holds: a
    /// segment of its own found with another checksum was overwritten by another data directory
    /// writing as this device (a replicator that keeps no conflict copies), and is sent again.
    var lastSent: SentSegment?
    struct SentSegment: Equatable {
        let checksum: String
        /// The first outbox entry it holds.
        let from: Int
    }
    /// The last segment applied of each other device.
    var applied: [String: Int] = [:]
    /// Devices some of whose segments vanished from the household folder (their folder deleted,
    /// lost by a replicator), with the last of their segments this device's snapshot covers: it
    /// wrote one, so that a device joining later still gets what they said.
    var gone: [String: Int] = [:]
    /// What snapshots said they cover of devices that had no folder here when they were applied
    /// (not replicated yet, or removed): taken once that device's folder lists a segment, and
    /// then only for the segments the folder lacks (`Merge.skipMissing`). Taken at once, a
    /// snapshot's word would skip segments still on their way.
    var claimed: [String: Int] = [:]
    /// Segments of each device taken as covered by a snapshot because they were not in the folder:
    /// one that turns up later is read all the same, since a snapshot's claim is never checked
    /// (a forged or mistaken one must not make a device's changes vanish unread).
    var skipped: [String: [ClosedRange<Int>]] = [:]
    /// The devices that took back their changes stamped after a moment, to send them again
    /// under a new id (`Withdrawal`): as this device first read it in their `device` file, or
    /// as it withdrew them itself. Never read again once kept: a file changed later (forged, or
    /// lost) cannot make one device leave out what another merged.
    var withdrawn: [String: Withdrawal] = [:]
    /// Changes of other devices refused at the boundary (`SegmentCheck`), each as
    /// `devices/DEVICE/FILE: KEY: reason`, newest last; the last `quarantineKept` are kept.
    var quarantined: [String] = []
    static let quarantineKept = 200
    /// The versions of every part changed since the household's start.
    var versions: [SyncKey: [SyncVersion]] = [:]

    /// The index of a device that has merged nothing yet.
    init(device: String) { clock = HybridTimestamp(milliseconds: 0, counter: 0, device: device) }

    /// Whether segment `number` of `device` was taken as covered without being read.
    func isSkipped(_ number: Int, of device: String) -> Bool { skipped[device]?.contains { $0.contains(number) } ?? false }

    /// Segment `number` of `device` has been read.
    mutating func read(_ number: Int, of device: String) {
        guard let ranges = skipped[device] else { return }
        var left: [ClosedRange<Int>] = []
        for range in ranges {
            guard range.contains(number) else { left.append(range); continue }
            if range.lowerBound < number { left.append(range.lowerBound...(number - 1)) }
            if number < range.upperBound { left.append((number + 1)...range.upperBound) }
        }
        skipped[device] = left.isEmpty ? nil : left
    }

    /// The winning version of a part; nil when it was never changed since the snapshot.
    func winner(_ key: SyncKey) -> SyncVersion? {
        guard let list = versions[key], let index = key.rule.winner(list.map(\.facts)) else { return nil }
        return list[index]
    }

    /// When the part's winning version was made (`.zero`: the snapshot's).
    func stamp(_ key: SyncKey) -> HybridTimestamp { winner(key)?.stamp ?? .zero }

    /// The newest version that holds the thing (not a deletion): what a deletion that does not
    /// hold (a category an item was put in meanwhile) brings back.
    func newestLive(_ key: SyncKey) -> SyncVersion? {
        versions[key]?.filter { $0.payload != nil }.max { $0.stamp < $1.stamp }
    }

    /// Adds a version; the first for a part brings the part as this device holds it (`base`)
    /// as the snapshot's version.
    /// - Returns: whether the part's winner changed.
    mutating func add(_ version: SyncVersion, base: () throws -> SyncPart) throws -> Bool {
        // The household's start is the data itself (`Merge` fills in from it), never a version.
        guard version.stamp != .zero else { return false }
        clock = max(clock, HybridTimestamp(milliseconds: version.stamp.milliseconds, counter: version.stamp.counter, device: clock.device))
        var list = try versions[version.key] ?? {
            let part = try base()
            let seen = version.key.kind == .price ? part.seen ?? 0 : nil
            return [SyncVersion(key: version.key, stamp: .zero, replaces: .zero, isBought: part.isBought, seen: seen,
                                payload: part.payload)]
        }()
        let before = version.key.rule.winner(list.map(\.facts)).map { list[$0] }
        if let same = list.firstIndex(where: { $0.stamp == version.stamp }) {
            // Seen before; or two data directories of one device (a copy) made one stamp for two
            // versions: the same one is kept on every device, whichever arrives first.
            guard list[same] != version, version.line > list[same].line else { return false }
            list[same] = version
        } else {
            list.append(version)
        }
        // The list holds `version`, so a winner is always found.
        let winner = version.key.rule.winner(list.map(\.facts)).map { list[$0] } ?? version
        if version.key.rule != .boughtStays {
            // The latest and the newest seen only grow: a version that lost never wins again,
            // but for one a restamp takes back (`Merge+Restamp.swift`): restamped, a price seen
            // ahead counts as seen when it is restamped, and the best price of each other device
            // may win again. Those are kept (a few devices' each).
            let live = list.filter { $0.payload != nil }.max { $0.stamp < $1.stamp }
            var kept = [winner] + (winner.payload == nil ? live.map { [$0] } ?? [] : [])
            if version.key.rule == .newestSeen { kept += SyncIndex.bestOfEachDevice(list, besides: kept) }
            list = kept
        } else {
            list = SyncIndex.keptForBoughtStays(list)
        }
        versions[version.key] = list
        return winner != before
    }

    /// The best price of each device (the newest seen, then the latest), the household's start
    /// counted as one, that `kept` does not hold: of the `devicesKept` best such devices, so that
    /// versions forged under countless device ids (a snapshot may carry any) cost what a
    /// household's few devices do.
    static func bestOfEachDevice(_ list: [SyncVersion], besides kept: [SyncVersion]) -> [SyncVersion] {
        var best: [String: SyncVersion] = [:]
        for candidate in list where !kept.contains(where: { $0.stamp.device == candidate.stamp.device }) {
            if let held = best[candidate.stamp.device],
               (held.seen ?? .min, held.stamp) >= (candidate.seen ?? .min, candidate.stamp) { continue }
            best[candidate.stamp.device] = candidate
        }
        return best.values.sorted { ($0.seen ?? .min, $0.stamp) > ($1.seen ?? .min, $1.stamp) }.prefix(devicesKept)
            .sorted { $0.stamp < $1.stamp }
    }

    /// How many devices' best prices a part keeps beside its winner (`bestOfEachDevice`).
    static let devicesKept = 8

    /// The versions of a line that can still decide its winner, whatever arrives later (so a
    /// line ticked and unticked thousands of times costs what a few do). The purchase that counts
    /// is the latest bought version, and the latest only grows: earlier bought ones never count
    /// again, nor does a version that is not bought and older than it (it cannot be made knowing
    /// of it). Of the rest, one made later and knowing as much (`replaces` no earlier) wins
    /// wherever another would: only those that no other beats on both are kept.
    static func keptForBoughtStays(_ list: [SyncVersion]) -> [SyncVersion] {
        let purchase = list.filter(\.isBought).max { $0.stamp < $1.stamp }
        var kept: [SyncVersion] = purchase.map { [$0] } ?? []
        var knowing: HybridTimestamp?
        for candidate in list.filter({ !$0.isBought && $0.stamp > (purchase?.stamp ?? .zero) || (!$0.isBought && purchase == nil) })
            .sorted(by: { ($0.stamp, $0.line) > ($1.stamp, $1.line) }) where knowing.map({ candidate.replaces > $0 }) ?? true {
            kept.append(candidate)
            knowing = candidate.replaces
        }
        return kept
    }
}
