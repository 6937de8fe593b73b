import Domain

// An exchange: `grock sync`, this device's changes sent and the others' merged, in one change.
extension HouseholdSync {
    /// Sends this device's changes and merges the others'.
    public func exchange() async throws -> SyncReport { try await exchange(joining: nil) }

    /// An exchange that first takes back this device's changes stamped more than a day ahead of
    /// its clock (which once read that late) and sends them again under a new id, stamped now
    /// (`Merge+Restamp.swift`).
    /// - Throws: `SyncError.nothingToRestamp` when none is; `.clockBehind` when the clock reads
    ///   more than a day before a change merged from another device. Nothing is changed then.
    public func restamp() async throws -> SyncReport { try await exchange(joining: nil, restamping: true) }

    /// An exchange, step by step: the folder pulled and found to be this household's; nothing
    /// more when there is nothing to do; else the merge, committed as one change; then the
    /// joining device set up, and this device's new files pushed.
    /// - Parameter joining: the setup of a device joining (its folder pulled already), written
    ///   once the household's data is here; nil for a device that syncs already.
    /// - Parameter restamping: whether this device's changes stamped ahead are restamped.
    func exchange(joining: LocalSyncState.Setup?, restamping: Bool = false) async throws -> SyncReport {
        var setup = try joining ?? local.setup()
        let folder = try HouseholdFolder(path: setup.folder)
        if joining == nil { try transport.pull(setup.folder) }
        let household = try household(of: folder, setup: setup)
        if joining == nil, setup.household == nil {
            // Set up by an earlier Grock: the household is remembered from now on.
            setup.household = household.id
            try local.writeSetup(setup)
        }
        if joining == nil, !restamping, !household.isRewritten, try await isIdle(setup: setup, folder: folder) {
            return SyncReport(sent: 0, received: 0, waiting: [], damaged: [])
        }
        let merged = try await merge(folder, of: household, setup: setup, joining: joining, restamping: restamping)
        try finish(merged, folder: setup.folder, markerRewritten: household.isRewritten)
        return merged.tally.report(formerDevice: merged.identity.former, why: merged.why, folderRewritten: household.isRewritten)
    }

    /// The household of a folder, as an exchange finds it.
    private struct FolderHousehold {
        let id: String
        /// The device that started it, when its household file says.
        let founder: String?
        /// Whether this exchange wrote its household file again (the folder had lost it).
        let isRewritten: Bool
    }

    /// The household of the folder, which must be this device's: a folder that lost its
    /// household file (emptied by a replicator, a drive wiped) gets it back from a device that
    /// remembers the household; a folder of another household is refused, never merged.
    private func household(of folder: HouseholdFolder, setup: LocalSyncState.Setup) throws -> FolderHousehold {
        guard folder.isHousehold else {
            guard let household = setup.household else { throw SyncError.householdLost(folder: folder.path) }
            try folder.create(household: household, founder: nil)
            return FolderHousehold(id: household, founder: nil, isRewritten: true)
        }
        let marker = try folder.marker()
        if let remembered = setup.household, remembered != marker.id {
            throw SyncError.otherHousehold(folder: folder.path, found: marker.id, this: remembered)
        }
        return FolderHousehold(id: marker.id, founder: marker.founder, isRewritten: false)
    }

    /// Merges the folder into the data as one change (`Merge`), with the outbox entry of its
    /// repairs and the new index written just before it commits.
    private func merge(_ folder: HouseholdFolder, of household: FolderHousehold, setup: LocalSyncState.Setup,
                       joining: LocalSyncState.Setup?, restamping: Bool) async throws -> Merge {
        let (local, newDevice, clock) = (self.local, self.newDevice, self.now)
        return try await storage.write(numbered: { working, sequence in
            if let joining { try HouseholdSync.makeReady(working, toJoin: joining.folder) }
            // The clock is read under the lock, as a use case's change reads it: after a long wait
            // for the lock, the exchange is stamped when it happens.
            var merge = try Merge(working: working, folder: folder, household: household.id, founder: household.founder, setup: setup,
                                  joining: joining != nil, restamping: restamping, local: local, sequence: sequence, now: clock(),
                                  newDevice: newDevice)
            try merge.run()
            if let joining { try HouseholdSync.requireStart(merge, joining: joining.folder) }
            return Change(merge, summary: "synced: \(merge.tally.sent) changes sent, \(merge.tally.received) received")
        }, beforeCommit: { sequence, merge in
            try local.makeDirectories()
            try local.writeOutbox(merge.outbox, sequence: sequence)
            // The index goes with the change: one that was not committed is never read.
            try FileSystem.writeAtomically(try merge.indexBytes, to: local.indexPath(sequence))
            // The clock the next change here ticks from (`LocalSyncState.tick`): after every
            // version merged, or that change could be stamped before one and lose to it. Written
            // before the commit, as a clock ahead of what is committed is harmless.
            try FileSystem.writeAtomically(Array("\(merge.index.clock)\n".utf8), to: local.clockPath)
        }, afterCommit: { merge in
            // Under the lock still, as the index committed with it says (read first next time):
            // a change made next is stamped as this device and reaches its outbox.
            if let joining {
                try settle(joining, in: folder)
            } else if merge.identity.isNew {
                try local.writeSetup(merge.identity.setup)
            }
        }).value
    }

    /// After the commit: earlier indexes removed, and this device's new files pushed (the
    /// household file too when this exchange wrote it again).
    private func finish(_ merged: Merge, folder path: String, markerRewritten: Bool) throws {
        local.removeIndexes(keeping: merged.sequence)
        // The `device` files of the ids it had before a restamp too: what they say (their changes
        // taken back) must reach the others with the new id's segment.
        try transport.push(path, device: merged.device,
                           files: (markerRewritten ? [HouseholdFolder.marker] : []) + ["devices/\(merged.device)"]
                               + merged.formerFilesWritten.sorted().map { "devices/\($0)" })
    }
}
