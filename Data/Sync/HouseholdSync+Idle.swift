import Domain

// Whether an exchange has anything to do: the check that lets `grock sync` stop early.
extension HouseholdSync {
    /// Whether an exchange would do nothing: no change of this device's to send, no segment of
    /// another's past what is merged, none of this device's missing, copied or overwritten, its `device` file
    /// there as it wrote it. Then nothing is read beyond the index's numbers and nothing is written: an exchange
    /// with nothing incoming costs the same after years of changes as on the first day.
    func isIdle(setup: LocalSyncState.Setup, folder: HouseholdFolder) async throws -> Bool {
        let local = self.local
        let (index, pending) = try await storage.read { _ in
            let committed = try storage.loadState().record.undo.nextSequence
            let index = try local.index(device: setup.device, committed: committed, versions: false).0
            return (index, try local.outboxNumbers().contains { $0 > index.published && $0 < committed })
        }
        // Its `device` file there, and not taking back its changes (one this device did not write);
        // those of the ids it restamped from still saying so.
        // A file taking back its changes matters only to changes stamped ahead (`Withdrawal`).
        guard !pending, index.device.map({ $0 == setup.device }) ?? true, let own = folder.device(setup.device),
              own.withdrawal == nil || index.clock.milliseconds <= now() + SegmentCheck.futureMargin,
              index.withdrawn.allSatisfy({ former, withdrawal in
                  withdrawal.successor != setup.device || folder.device(former)?.withdrawal == withdrawal
              }) else { return false }
        let devices = folder.devices()
        for device in devices {
            let listing = folder.listing(of: device)
            if device == setup.device {
                // Its own: a segment it did not write, a conflict copy, or one missing (a snapshot is due).
                guard listing.firstConflict == nil, (listing.numbers.last ?? -1) == index.sent,
                      index.lastSent.map({ folder.checksum(of: device, index.sent) == $0.checksum }) ?? true,
                      !Merge.snapshotDue(listed: listing.numbers, through: index.sent, gone: index.gone[device]) else { return false }
            } else {
                guard (listing.numbers.last ?? -1) <= (index.applied[device] ?? -1),
                      !listing.numbers.contains(where: { index.isSkipped($0, of: device) }) else { return false }
            }
        }
        // A device this one merged whose segments vanished: a snapshot is due.
        for (other, applied) in index.applied {
            let listed = devices.contains(other) ? folder.listing(of: other).numbers : []
            guard !Merge.snapshotDue(listed: listed, through: applied, gone: index.gone[other]) else { return false }
        }
        return true
    }
}
