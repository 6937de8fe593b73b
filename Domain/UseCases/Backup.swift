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

/// Where a backup goes as it is read: first everything but history, then history one record
/// at a time, so that a backup of any size is written without holding history in memory.
public protocol BackupSink {
    /// Settings, stores, categories, items and active carts, each sorted by id; the backup's
    /// `completedCarts` and `observations` are empty here, and follow one at a time.
    mutating func begin(_ backup: Backup) throws
    /// Every completed cart, in the order they were completed; all come before any observation.
    mutating func add(completedCart: Cart) throws
    /// Every price seen by hand, in the order recorded.
    mutating func add(observation: PriceObservation) throws
    /// After the last of them.
    mutating func end() throws
}

/// Reads everything for a backup, in a stable order (by id; history by when it happened).
public struct CreateBackup: Sendable {
    let storage: any Storage

    public init(storage: any Storage) { self.storage = storage }

    /// Everything, in memory.
    public func callAsFunction() async throws -> Backup {
        try await self(into: CollectedBackup()).backup
    }

    /// Everything, handed to `sink` piece by piece over one consistent view of the data.
    /// - Returns: the sink, after its `end()`. It is handed over rather than borrowed so that
    ///   the storage may run the read on another thread.
    public func callAsFunction<Sink: BackupSink & SendableMetatype>(into sink: sending Sink) async throws -> sending Sink {
        try await storage.readWithHistory { [sink] repositories, history in
            var sink = sink
            try sink.begin(Backup(settings: try repositories.settings(), stores: try repositories.allStores().sorted { $0.id < $1.id },
                                  categories: try repositories.allCategories().sorted { $0.id < $1.id },
                                  items: try repositories.allItems().sorted { $0.id < $1.id },
                                  activeCarts: try repositories.activeCarts().sorted { $0.id < $1.id }, completedCarts: [], observations: []))
            // History by when it happened, not in the order this device learned of it: devices
            // of one household that merged the same changes give the same backup.
            let order = try repositories.completedTrips().map { ($0.completedAt, $0.cartID) }.sorted { $0 < $1 }.map(\.1)
            var next = 0
            var early: [CartID: Cart] = [:]
            try history.forEachCompletedCart { cart in
                early[cart.id] = cart
                while next < order.count, let due = early.removeValue(forKey: order[next]) {
                    try sink.add(completedCart: due)
                    next += 1
                }
            }
            var observations: [PriceObservation] = []
            try history.forEachManualObservation { observations.append($0) }
            for observation in observations.sorted(by: CreateBackup.precedes) { try sink.add(observation: observation) }
            try sink.end()
            return sink
        }
    }

    private static func precedes(_ lhs: PriceObservation, _ rhs: PriceObservation) -> Bool {
        (lhs.observedAt, lhs.item.rawValue, lhs.store.rawValue, lhs.price.price.minorUnits, lhs.price.basis.description, lhs.isPromotion ? 1 : 0)
            < (rhs.observedAt, rhs.item.rawValue, rhs.store.rawValue, rhs.price.price.minorUnits, rhs.price.basis.description, rhs.isPromotion ? 1 : 0)
    }

    /// A sink that keeps everything.
    private struct CollectedBackup: BackupSink {
        var backup = Backup(settings: Settings(), stores: [], categories: [], items: [], activeCarts: [], completedCarts: [], observations: [])

        mutating func begin(_ backup: Backup) { self.backup = backup }
        mutating func add(completedCart: Cart) { backup.completedCarts.append(completedCart) }
        mutating func add(observation: PriceObservation) { backup.observations.append(observation) }
        mutating func end() {}
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
            return Change((), summary: "restored a backup of \(Wording.counted(backup.items.count, "item")) and \(Wording.counted(backup.completedCarts.count, "trip"))")
        }
    }
}
