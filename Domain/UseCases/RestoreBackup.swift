/// Restores a backup into a data set that has no stores, items, carts or history yet (the
/// default categories of `grock init` are replaced). Refuses otherwise, so nothing is merged
/// or lost by accident.
public struct RestoreBackup: Sendable {
    let storage: any Storage

    /// Usually reached as `UseCases.restoreBackup`.
    public init(storage: any Storage) { self.storage = storage }

    /// Writes every entity of `backup` into the empty data set, as one change.
    /// - Throws: `DomainError.notEmpty` when the data set has a store, an item, a cart, a trip
    ///   or a price seen by hand.
    public func callAsFunction(_ backup: Backup) async throws {
        try await storage.write { repositories in
            guard try repositories.allStores().isEmpty, try repositories.itemNames().isEmpty, try repositories.activeCarts().isEmpty,
                  try repositories.completedTrips().isEmpty, try repositories.manualObservations(of: nil).isEmpty else {
                throw DomainError.notEmpty
            }
            for category in try repositories.allCategories() { try repositories.deleteCategory(category.id) }
            try repositories.save(backup.settings)
            for store in backup.stores { try repositories.save(store) }
            for category in backup.categories { try repositories.save(category) }
            for item in backup.items { try repositories.save(item) }
            for cart in backup.activeCarts + backup.completedCarts { try repositories.save(cart) }
            try repositories.record(backup.observations.filter { $0.source == .manual })
            return Change((),
                          summary: "restored a backup of \(Wording.counted(backup.items.count, "item")) and "
                                       + "\(Wording.counted(backup.completedCarts.count, "trip"))")
        }
    }
}
