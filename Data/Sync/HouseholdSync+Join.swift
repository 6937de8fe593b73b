import Domain

// Joining a household: `grock sync join`, an exchange that takes the household's data into an
// empty data directory and sets it up to sync once committed.
extension HouseholdSync {
    /// Joins the household of `folder`: this (empty) data directory takes the household's data,
    /// in one change (`exchange`), and syncs once it has.
    public func join(folder path: String, device: String, name: String) async throws -> SyncReport {
        guard !local.isSetUp else { throw SyncError.alreadySetUp(folder: try local.setup().folder) }
        let folder = try prepare(path, name: name)
        let setup = LocalSyncState.Setup(device: device, folder: path, name: name, household: try folder.household())
        return try await exchange(joining: setup)
    }

    /// A data directory with nothing but what `grock init` gives (its categories, its currency)
    /// takes the household's instead: kept, they would be the same categories twice.
    static func makeReady(_ working: WorkingSet, toJoin path: String) throws {
        guard try working.allStores().isEmpty && working.itemNames().isEmpty && working.activeCarts().isEmpty
            && working.completedTrips().isEmpty && working.manualObservations(of: nil).isEmpty else { throw SyncError.dataToReplace }
        for category in working.allCategories() { working.deleteCategory(category.id) }
    }

    /// Refuses a join whose merge found no start: joined without one, the device would hold
    /// only what changed since.
    static func requireStart(_ merge: Merge, joining path: String) throws {
        guard !merge.tookStart else { return }
        let reason = (merge.tally.waiting + merge.tally.damaged).first
            ?? "the folder of the device that started it is gone, and no other device wrote a snapshot yet"
        throw SyncError.noStart(folder: path, reason: reason)
    }

    /// Once the join has committed: this data directory syncs, and the folder names the device.
    func settle(_ joining: LocalSyncState.Setup, in folder: HouseholdFolder) throws {
        try local.writeSetup(joining)
        try folder.writeDevice(joining.device, name: joining.name.isEmpty ? joining.device : joining.name, left: false)
    }
}
