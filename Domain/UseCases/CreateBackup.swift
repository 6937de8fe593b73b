/// Reads everything for a backup, in a stable order (by id; history by when it happened).
public struct CreateBackup: Sendable {
    let storage: any Storage

    /// Usually reached as `UseCases.createBackup`.
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
                                  activeCarts: try repositories.activeCarts().sorted { $0.id < $1.id }, completedCarts: [],
                                  observations: []))
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
        (lhs.observedAt, lhs.item.rawValue, lhs.store.rawValue, lhs.price.price.minorUnits, lhs.price.basis.description,
         lhs.isPromotion ? 1 : 0)
            < (rhs.observedAt, rhs.item.rawValue, rhs.store.rawValue, rhs.price.price.minorUnits, rhs.price.basis.description,
               rhs.isPromotion ? 1 : 0)
    }

    /// A sink that keeps everything.
    private struct CollectedBackup: BackupSink {
        var backup = Backup(settings: Settings(), stores: [], categories: [], items: [], activeCarts: [], completedCarts: [],
                            observations: [])

        mutating func begin(_ backup: Backup) { self.backup = backup }
        mutating func add(completedCart: Cart) { backup.completedCarts.append(completedCart) }
        mutating func add(observation: PriceObservation) { backup.observations.append(observation) }
        mutating func end() {}
    }
}
