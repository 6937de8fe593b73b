import Domain

/// The check a merge makes before it stores what it put together from other devices' changes
/// (`Merge`, `SyncedStorage`): the working set must load again as it would from the files.
extension WorkingSet {
    /// Refuses data a merge must never store: what loading it again would refuse.
    func checkForSync() throws {
        do {
            let record = state.record(vault: nil, history: nil, historyBytes: 0, months: nil,
                                      undo: UndoRecord(nextSequence: 0, entries: []))
            _ = try ActiveState(record)
            for item in itemChanges.saved.values { try state.check(item) }
            // Two items of one name cannot be left: `Materializer.repair` renamed every clash
            // among the items written, looking at every item's name.
        } catch let error as RecordError {
            throw SyncError.damaged(what: "the merged data", reason: "\(error)")
        }
    }
}
