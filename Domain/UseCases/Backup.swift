/// Everything Grock knows, as entities: what a backup holds.
public struct Backup: Sendable, Hashable {
    public var settings: Settings
    public var stores: [Store]
    public var categories: [Category]
    public var items: [Item]
    /// Planning and shopping carts.
    public var activeCarts: [Cart]
    /// Completed carts, in the order they were completed.
    public var completedCarts: [Cart]
    /// The prices seen by hand, in the order they were recorded (prices paid are the completed
    /// carts' lines).
    public var observations: [PriceObservation]

    public init(settings: Settings, stores: [Store], categories: [Category], items: [Item], activeCarts: [Cart],
                completedCarts: [Cart], observations: [PriceObservation]) {
        self.settings = settings
        self.stores = stores
        self.categories = categories
        self.items = items
        self.activeCarts = activeCarts
        self.completedCarts = completedCarts
        self.observations = observations
    }
}

/// Reads everything into a `Backup`, in a stable order (by id; history in its own order).
public struct CreateBackup: Sendable {
    let storage: any Storage

    public init(storage: any Storage) { self.storage = storage }

    public func callAsFunction() async throws -> Backup {
        try storage.read { repositories in
            Backup(settings: try repositories.settings(), stores: try repositories.allStores().sorted { $0.id < $1.id },
                   categories: try repositories.allCategories().sorted { $0.id < $1.id },
                   items: try repositories.allItems().sorted { $0.id < $1.id },
                   activeCarts: try repositories.activeCarts().sorted { $0.id < $1.id },
                   completedCarts: try repositories.completedCarts(), observations: try repositories.manualObservations(of: nil))
        }
    }
}

/// Restores a backup into a data set that has no stores, items, carts or history yet (the
/// default categories of `grock init` are replaced). Refuses otherwise, so nothing is merged
/// or lost by accident.
public struct RestoreBackup: Sendable {
    let storage: any Storage

    public init(storage: any Storage) { self.storage = storage }

    /// - Throws: `DomainError.notEmpty`.
    public func callAsFunction(_ backup: Backup) async throws {
        try storage.write { repositories in
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
            return Change((), summary: "restored a backup of \(backup.items.count) items and \(backup.completedCarts.count) trips")
        }
    }
}
