import Domain

/// Publishing: this device's outbox written into the folder as its next segment, and what a
/// copy of this data directory did to its segments (`becomeADeviceOfItsOwn`).
extension Merge {
    /// Another data directory writes as this device (a copy of this one, or this one put back
    /// from a backup: the folder holds segments of this id this one never wrote). Both would
    /// number their segments alike and lose each other's: this one becomes a device of its own,
    /// having applied what it wrote as the other; the other's segments from `firstShared` on
    /// (both wrote those numbers: a replicator kept one file and a conflict copy) are merged
    /// as another device's, so each side's changes reach the other.
    mutating func becomeADeviceOfItsOwn(firstShared: Int? = nil) throws {
        let former = device
        identity.become(newDevice())
        if let firstShared { index.applied[former] = firstShared - 1 } else if index.sent >= 0 { index.applied[former] = index.sent }
        index.sent = -1
        // Its setup (`sync/device.tsv`) is written once the exchange has committed: one that fails
        // leaves this data directory the device it was, and one killed after its commit goes on
        // as the device its index names (`DeviceIdentity.resume`).
        try folder.writeDevice(device, name: identity.name, left: false)
    }

    /// Makes sure the numbers this device publishes under are its own: a copy of this data
    /// directory that wrote as this device (one number twice, or over its last segment) makes
    /// it a device of its own.
    /// - Returns: the versions the copy wrote over one of its segments, to be told again.
    private mutating func claimOwnNumbers() throws -> [SyncVersion] {
        var resent: [SyncVersion] = []
        if let shared = listings[device].firstConflict {
            // Two data directories wrote one number as this device, and the replicator kept both.
            try becomeADeviceOfItsOwn(firstShared: shared)
        } else if let lastSent = index.lastSent, index.sent >= 0, listings[device].numbers.contains(index.sent),
                  folder.checksum(of: device, index.sent) != lastSent.checksum {
            // Another data directory wrote this device's last number over it (a replicator that
            // keeps one of two files): its version is merged, and this one's changes sent again.
            let (former, overwritten) = (device, index.sent)
            try becomeADeviceOfItsOwn(firstShared: overwritten)
            index.published = min(index.published, lastSent.from - 1)
            // What the copy wrote in its place may be merged already by others as this device's
            // (they read that number once): told again under the new id, it reaches them.
            for case (_, .complete(let foreign)) in folder.read(former, overwritten, household: household) {
                resent = foreign.versions.filter { $0.stamp.device == former }.map { version in
                    SyncVersion(key: version.key,
                                stamp: HybridTimestamp(milliseconds: version.stamp.milliseconds, counter: version.stamp.counter,
                                                       device: device),
                                replaces: version.replaces, isBought: version.isBought, seen: version.seen, payload: version.payload)
                }
            }
        } else if let last = listings[device].numbers.last, last > index.sent {
            // Left by exchanges of this one's that failed or were killed before they were
            // committed: `sending` names the last this data directory wrote, and each took over
            // the one before it the same way. Their versions are sent again below (twice is
            // harmless). Else another directory's.
            if local.sending() == last {
                index.sent = last
                index.lastSent = folder.checksum(of: device, last).map { SyncIndex.SentSegment(checksum: $0, from: index.published + 1) }
            } else {
                try becomeADeviceOfItsOwn()
            }
        }
        return resent
    }

    /// Writes this device's outbox, since what it last published, into the folder as its next
    /// segment (nothing when there is nothing new).
    /// - Returns: the parts whose version from here lost to another device's, which the data
    ///   must be given again.
    mutating func publish() throws -> Set<SyncKey> {
        let resent = try claimOwnNumbers()
        var versions: [SyncVersion] = []
        var lost = Set<SyncKey>()
        for version in resent {
            let before = try base.part(version.key)
            _ = try index.add(version, base: { before })
            versions.append(version)
        }
        let first = index.published + 1
        for number in try local.outboxNumbers() where number > index.published && number < sequence {
            guard var entry = try local.outboxEntry(number) else { continue }
            if entry.stamp.device != device, [identity.former, identity.stale].contains(entry.stamp.device) {
                // Stamped as the device it was: the other data directory may have made the same stamp.
                entry = entry.restamped(device: device)
            }
            for (version, difference) in zip(entry.versions(replacing: { index.stamp($0) }), entry.differences) {
                _ = try index.add(version, base: { difference.before })
                versions.append(version)
                // The data holds this device's version; it is written again only if it lost.
                if index.winner(version.key)?.stamp == version.stamp { lost.remove(version.key) } else { lost.insert(version.key) }
            }
        }
        index.published = sequence - 1
        try keepPricesSeenOnce(versions)
        try send(versions, from: first)
        return lost
    }

    /// Writes `versions` into the folder as this device's next segment (nothing when there are
    /// none); `first`: the first outbox entry they tell; `marking`: whether `sync/sending` names
    /// it, for the next exchange to take over should this one not commit.
    mutating func send(_ versions: [SyncVersion], from first: Int, marking: Bool = true) throws {
        guard !versions.isEmpty else { return }
        let number = index.sent + 1
        if marking { try local.writeSending(number) }
        let checksum = try folder.write(Segment(household: household, device: device, number: number, after: index.applied,
                                                isSnapshot: false, versions: versions))
        index.lastSent = SyncIndex.SentSegment(checksum: checksum, from: first)
        listings.forget(device)
        index.sent = number
        tally.sent += Set(versions.map(\.stamp)).count
    }

    /// Prices seen are a set in a household (devices tell each other what they saw, not how
    /// often): a price this device recorded twice alike is kept once, as on every other device.
    func keepPricesSeenOnce(_ versions: [SyncVersion]) throws {
        let recorded = versions.compactMap { version in version.key.kind == .seen ? version.payload.map { (version.key, $0) } : nil }
        guard !recorded.isEmpty else { return }
        try working.preloadManualObservations()
        let parts = try SyncParts(currency: working.settings().currency)
        for (key, payload) in recorded {
            let observation = try parts.observation(payload, key: key)
            if try working.manualObservations(of: observation.item).count(where: { $0 == observation }) > 1 {
                try working.forget(observation)
                try working.record([observation])
            }
        }
    }
}
