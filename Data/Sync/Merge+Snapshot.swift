import Domain

/// Lost segments: what a device's segments said when they vanished from the folder (its folder
/// deleted by hand, lost by a replicator) lives on in this device's data, written out whole for
/// devices that join later; the snapshot says up to which segment of each device it covers.
extension Merge {
    /// Writes a snapshot when segments this device merged or sent have vanished since its last one.
    mutating func writeSnapshotIfLost() throws {
        var lost: [String: Int] = [:]
        var sentBefore = index.applied
        if index.sent >= 0 && identity.former == nil { sentBefore[device] = index.sent }
        for (other, applied) in sentBefore.sorted(by: { $0.key < $1.key }) {
            if Merge.snapshotDue(listed: listings.present.contains(other) ? listings[other].numbers : [], through: applied,
                                 gone: index.gone[other]) {
                lost[other] = applied
            }
        }
        guard !lost.isEmpty else { return }
        let number = index.sent + 1
        try local.writeSending(number)
        var covers = index.applied
        covers[device] = index.sent
        let checksum = try folder.write(Segment(household: household, device: device, number: number, after: covers, isSnapshot: true,
                                                versions: try snapshotVersions()))
        index.lastSent = SyncIndex.SentSegment(checksum: checksum, from: index.published + 1)
        index.sent = number
        index.gone.merge(lost) { max($0, $1) }
    }

    /// Whether segments of a device, up to `applied`, vanished from the folder since the last
    /// snapshot this device wrote for them (`gone`): then what they said is written out again.
    static func snapshotDue(listed: [Int], through applied: Int, gone: Int?) -> Bool {
        guard applied >= 0 else { return false }
        let kept = Set(listed)
        guard let missing = (0...applied).last(where: { !kept.contains($0) }) else { return false }
        return missing > (gone ?? -1)
    }

    /// The data whole: the versions the index knows, and every other part stamped `.zero`.
    private func snapshotVersions() throws -> [SyncVersion] {
        var versions: [SyncVersion] = []
        for version in try HouseholdSync.snapshot(of: working) where index.versions[version.key] == nil { versions.append(version) }
        for (_, list) in index.versions.sorted(by: { $0.key < $1.key }) { versions += list }
        return versions
    }
}
