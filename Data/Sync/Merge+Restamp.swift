import Domain

/// Restamping: a device whose clock once read far ahead stamped every change since that late (a
/// hybrid clock never goes back), and the other devices wait for them. Asked to
/// (`grock sync --restamp`), it takes them back (`Withdrawal`, in its `device` file) and sends
/// them again under a new id, stamped by its clock as it reads now, in the order they were
/// made; the dates the wrong clock put in their records come back to that moment too. A device
/// that finds its own changes taken back that way (by a copy of its data directory that
/// restamped, or a forged `device` file) sends them again under a new id as well, so nothing is
/// lost.
extension Merge {
    /// Whether this device's changes are stamped more than a day ahead of its clock.
    var isAhead: Bool { index.clock.milliseconds > now + SegmentCheck.futureMargin }

    /// A restamp needs changes stamped ahead, and a clock that is not behind the household's: a
    /// clock set back (a flat battery) would stamp this device's changes before the others'.
    func requireRestampable() throws {
        // Before this exchange publishes them: its changes since the last one count too.
        var latest = index.clock
        if let last = try local.outboxNumbers().last, last > index.published, let entry = try local.outboxEntry(last),
           entry.stamp.device == device {
            latest = max(latest, entry.stamp)
        }
        guard latest.milliseconds > now + SegmentCheck.futureMargin else { throw SyncError.nothingToRestamp(clock: now) }
        // Of devices that did not take them back themselves (merged while this clock was as wrong).
        var others: HybridTimestamp?
        for list in index.versions.values {
            for version in list where version.stamp.device != device && version.stamp > others ?? .zero
                && index.withdrawn[version.stamp.device]?.withdraws(version, of: version.stamp.device, now: now) != true {
                others = version.stamp
            }
        }
        if let others, others.milliseconds > now + SegmentCheck.futureMargin {
            throw SyncError.clockBehind(clock: now, device: others.device, latest: others.milliseconds)
        }
    }

    /// Takes back this device's changes stamped more than a day ahead of its clock and sends them
    /// again as a new device, stamped now; leaves out, too, what it merged of devices that took
    /// theirs back while this clock read as far ahead.
    /// - Returns: the parts whose records changed here (dates brought back), to be written.
    mutating func restamp() throws -> Set<SyncKey> {
        // Found taken back in its own `device` file, it has sent them again already (`readWithdrawals`).
        guard why == nil else { return [] }
        let former = device
        try becomeADeviceOfItsOwn()
        let withdrawal = Withdrawal(successor: device, after: now + SegmentCheck.futureMargin)
        index.withdrawn[former] = withdrawal
        var (count, touched) = try reissue(of: former)
        touched.formUnion(dropWithdrawn())
        try folder.writeDevice(former, name: identity.name, left: true, withdrawal: withdrawal)
        formerFilesWritten.insert(former)
        why = .restamped(count: count)
        return touched
    }

    /// Notes which devices took back changes (their `device` file says so), the first time it is
    /// read, and leaves out what it merged of those. A device that finds its own taken back (by a
    /// copy of its data directory that restamped, or a forged file) while its changes are stamped
    /// ahead sends them again as a new device. A device that restamped writes its former id's
    /// file again if the folder lost it.
    /// - Returns: the parts whose records changed here, to be written.
    mutating func readWithdrawals() throws -> Set<SyncKey> {
        var touched = Set<SyncKey>()
        var noted = false
        for other in listings.present.sorted() where index.withdrawn[other] == nil {
            guard let withdrawal = folder.device(other)?.withdrawal else { continue }
            guard other == device else {
                index.withdrawn[other] = withdrawal
                noted = true
                continue
            }
            // Its own: only its changes stamped more than a day ahead are left out (`Withdrawal`);
            // with none, nothing is to do (and the file is read again at the next exchange).
            guard isAhead else { continue }
            index.withdrawn[other] = withdrawal
            try becomeADeviceOfItsOwn()
            let (count, reissued) = try reissue(of: other)
            touched.formUnion(reissued)
            why = restamping ? .restamped(count: count) : .withdrawn(after: withdrawal.after)
        }
        if noted { touched.formUnion(dropWithdrawn()) }
        for (former, withdrawal) in index.withdrawn where withdrawal.successor == device && folder.device(former)?.withdrawal != withdrawal {
            try folder.writeDevice(former, name: identity.name, left: true, withdrawal: withdrawal)
            formerFilesWritten.insert(former)
        }
        return touched
    }

    /// Takes out of the index the versions of other devices that they took back (merged while this
    /// device's clock read as far ahead as their stamps): they come again from their successors.
    /// - Returns: the parts they were versions of, to be written again.
    private mutating func dropWithdrawn() -> Set<SyncKey> {
        var touched = Set<SyncKey>()
        for (key, list) in index.versions {
            let kept = list.filter { version in
                let owner = version.stamp.device
                return owner == device || index.withdrawn[owner]?.withdraws(version, of: owner, now: now) != true
            }
            guard kept.count < list.count else { continue }
            index.versions[key] = kept
            touched.insert(key)
        }
        return touched
    }

    /// Sends the versions of `former` stamped more than a day ahead of the clock again as this
    /// device's, in their order, stamped from now on (and their records' dates that late brought
    /// back to their new stamps). The index holds them as sent, so this device and the others pick
    /// the same winners.
    /// - Returns: how many changes were sent again, and the parts whose records changed.
    private mutating func reissue(of former: String) throws -> (count: Int, touched: Set<SyncKey>) {
        let ahead = now + SegmentCheck.futureMargin
        // After every stamp met before, not only those the index keeps: a version that lost to
        // one taken back may win again, here as on the devices that never merged that one.
        var floor = index.merged.milliseconds <= ahead ? index.merged : .zero
        for number in try local.outboxNumbers().reversed() {
            guard let entry = try local.outboxEntry(number), entry.stamp.milliseconds <= ahead else { continue }
            floor = max(floor, entry.stamp)
            break
        }
        let stamps = Reissue(former: former, ahead: ahead, floor: floor, index: index, device: device, now: now)
        var sent: [SyncVersion] = []
        var touched = Set<SyncKey>()
        for (key, list) in index.versions {
            let winner = index.winner(key)
            var kept: [SyncVersion] = []
            for version in list {
                guard stamps.takes(version.stamp) else {
                    kept.append(version)
                    continue
                }
                let stamp = stamps.new(version.stamp)
                let dated = try Reissue.dated(version, by: stamp)
                let moved = SyncVersion(key: dated.key, stamp: stamp, replaces: stamps.new(version.replaces), isBought: version.isBought,
                                        seen: dated.seen, payload: dated.payload)
                sent.append(moved)
                if dated.key == key {
                    kept.append(moved)
                } else {
                    // A price seen, whose key is its record: it goes, and comes back under its new record.
                    let gone = SyncVersion(key: key, stamp: stamp, replaces: moved.replaces, isBought: false, seen: nil, payload: nil)
                    kept.append(gone)
                    sent.append(gone)
                    touched.insert(key)
                }
                if dated.payload != version.payload { touched.insert(dated.key) }
            }
            index.versions[key] = kept
            // A price seen ahead, brought back to now, may lose to one it had beaten.
            if let winner, winner.stamp.device == former, index.winner(key)?.payload != winner.payload { touched.insert(key) }
        }
        for version in sent where version.key.kind == .seen && version.payload != nil {
            // Under its new record: added as any version is, to what this device holds of it.
            let before = try base.part(version.key)
            if try index.add(version, base: { before }) { touched.insert(version.key) }
        }
        // Not back to a clock a wrong wall clock set (the stamps given anew are the latest).
        index.clock = stamps.clock
        index.lastSent = nil
        sent.sort { ($0.stamp, $0.key) < ($1.stamp, $1.key) }
        // Not marked as being sent: killed before its commit, this data directory is still the
        // device it was, and takes over its own last segment (`sync/sending`), not this one.
        try send(sent, from: index.published + 1, marking: false)
        return (Set(sent.map(\.stamp)).count, touched)
    }
}

/// The new stamps of a reissue: each of `former`'s stamps later than `ahead` as this device's,
/// with times from the clock's now on, after every other stamp the index holds and `floor`, in
/// their order, so that every comparison between two stamps comes out as before.
private struct Reissue {
    let former: String
    let ahead: Int64
    private var renewed: [HybridTimestamp: HybridTimestamp] = [:]
    /// The clock once the new stamps are given.
    private(set) var clock: HybridTimestamp

    init(former: String, ahead: Int64, floor: HybridTimestamp, index: SyncIndex, device: String, now: Int64) {
        self.former = former
        self.ahead = ahead
        var late = Set<HybridTimestamp>()
        var latest = floor
        func note(_ stamp: HybridTimestamp) {
            if stamp.device == former && stamp.milliseconds > ahead { late.insert(stamp) } else { latest = max(latest, stamp) }
        }
        for list in index.versions.values {
            for version in list {
                note(version.stamp)
                note(version.replaces)
            }
        }
        var hybrid = HybridClock(device: device, latest: HybridTimestamp(milliseconds: latest.milliseconds, counter: latest.counter,
                                                                         device: device))
        for stamp in late.sorted() { renewed[stamp] = hybrid.tick(now: now) }
        clock = hybrid.latest
    }

    /// Whether the stamp is one the reissue gives anew.
    func takes(_ stamp: HybridTimestamp) -> Bool { stamp.device == former && stamp.milliseconds > ahead }

    /// The stamp as reissued (any other is kept).
    func new(_ stamp: HybridTimestamp) -> HybridTimestamp { renewed[stamp] ?? stamp }

    /// A version's key, record and `seen` with every date later than a day after `stamp` brought
    /// back to it (the boundary refuses a record dated after its change): dates a wrong clock
    /// wrote. A price seen is keyed by its record, so its key may change.
    static func dated(_ version: SyncVersion, by stamp: HybridTimestamp) throws
        -> (key: SyncKey, payload: String?, seen: Int64?) {
        let moment = stamp.milliseconds / 1000
        let latest = moment + SegmentCheck.seenMargin
        let seen = version.seen.map { $0 > latest ? moment : $0 }
        guard let payload = version.payload else { return (version.key, nil, seen) }
        var changed = false
        func date(_ text: String) -> String {
            guard let time = Timestamp(rfc3339: text), time.secondsSince1970 > latest else { return text }
            changed = true
            return Timestamp(clamping: moment, utcOffsetSeconds: time.utcOffsetSeconds).description
        }
        switch version.key.kind {
        case .price:
            var record = try PriceOptionRecord(canonical: payload) ?? SyncParts.decode(PriceOptionRecord.self, payload, key: version.key)
            if let regular = record.regular { record.regular?.observedAt = date(regular.observedAt) }
            if let promotion = record.promotion { record.promotion?.observedAt = date(promotion.observedAt) }
            return (version.key, changed ? try SyncParts.json(record) : payload, seen)
        case .cart:
            var record = try CartRecord(canonical: payload) ?? SyncParts.decode(CartRecord.self, payload, key: version.key)
            record.createdAt = date(record.createdAt)
            record.startedAt = record.startedAt.map(date)
            record.completedAt = record.completedAt.map(date)
            return (version.key, changed ? try SyncParts.json(record) : payload, seen)
        case .store:
            var record = try SyncParts.decode(StoreRecord.self, payload, key: version.key)
            record.createdAt = date(record.createdAt)
            return (version.key, changed ? try SyncParts.json(record) : payload, seen)
        case .seen:
            var record = try ObservationRecord(canonical: payload) ?? SyncParts.decode(ObservationRecord.self, payload, key: version.key)
            record.observedAt = date(record.observedAt)
            guard changed else { return (version.key, payload, seen) }
            let text = try SyncParts.json(record)
            return (SyncKey(.seen, record.itemId, Checksum.hex(of: Array(text.utf8))), text, seen)
        default:
            return (version.key, payload, seen)
        }
    }
}
