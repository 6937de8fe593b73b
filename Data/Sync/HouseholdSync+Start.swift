import Domain

// Starting a household: `grock sync start`, this data directory's data the household's start.
extension HouseholdSync {
    /// Makes `folder` a household's, with this data directory's data as its start: one change,
    /// with the folder written just before it commits (its household file last) and this data
    /// directory set up to sync once it has. A start that fails takes back what it wrote in the
    /// folder: the folder is as it was, and this data directory does not sync.
    /// - Returns: the new device's id.
    public func start(folder path: String, device: String, name: String) async throws -> String {
        guard !local.isSetUp else { throw SyncError.alreadySetUp(folder: try local.setup().folder) }
        let folder = try prepare(path, name: name)
        guard !folder.isHousehold else { throw SyncError.alreadyAHousehold(folder: path) }
        let local = self.local
        let household = newDevice()
        do {
            _ = try await storage.write(numbered: { working, _ in
                // A price seen twice alike is kept once: the household keeps prices seen as a set.
                var seen = Set<PriceObservation>()
                for observation in try working.manualObservations(of: nil) where !seen.insert(observation).inserted {
                    try working.forget(observation)
                    try working.record([observation])
                }
                let snapshot = try HouseholdSync.snapshot(of: working)
                return Change(snapshot, summary: "started syncing through \(path)")
            }, beforeCommit: { sequence, snapshot in
                // The folder first: what fails there leaves nothing in `sync/`.
                _ = try folder.write(Segment(household: household, device: device, number: 0, after: [:], isSnapshot: true,
                                             versions: snapshot))
                try folder.writeDevice(device, name: name, left: false)
                try folder.create(household: household, founder: device, exclusive: true)
                try local.makeDirectories()
                var index = SyncIndex(device: device)
                index.sent = 0
                index.published = sequence
                try FileSystem.writeAtomically(try index.bytes, to: local.indexPath(sequence))
            }, afterCommit: { _ in
                // Under the lock still: a change made next sees the directory sync (made in between,
                // it would reach no outbox, and the household would never hear of it).
                try local.writeSetup(LocalSyncState.Setup(device: device, folder: path, name: name, household: household))
            })
        } catch {
            folder.remove(household: household, device: device)
            throw error
        }
        try transport.push(path, device: device, files: [HouseholdFolder.marker, "devices/\(device)"])
        return device
    }

    /// Every part of the data, stamped `.zero`: the household's start (and a snapshot's, when
    /// segments a device merged have vanished from the folder).
    static func snapshot(of repositories: any Repositories) throws -> [SyncVersion] {
        var parts: [SyncKey: SyncPart] = try SyncParts.parts(of: repositories.settings())
        for store in try repositories.allStores() { parts.merge(try SyncParts.parts(of: store)) { $1 } }
        for category in try repositories.allCategories() { parts.merge(try SyncParts.parts(of: category)) { $1 } }
        for item in try repositories.allItems() { parts.merge(try SyncParts.parts(of: item)) { $1 } }
        for cart in try repositories.activeCarts() + repositories.completedCarts() { parts.merge(try SyncParts.parts(of: cart)) { $1 } }
        for observation in try repositories.manualObservations(of: nil) {
            let (key, payload) = try SyncParts.key(of: observation)
            parts[key] = SyncPart(payload: payload)
        }
        return parts.sorted { $0.key < $1.key }.map { key, part in
            SyncVersion(key: key, stamp: .zero, replaces: .zero, isBought: part.isBought, seen: part.seen, payload: part.payload)
        }
    }
}
