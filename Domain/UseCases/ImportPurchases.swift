/// Imports a purchase history: rows with the same date and trip become one completed cart,
/// an item on several rows of a trip a line per row; unknown stores, categories and items are
/// created; the vault takes the latest price per item and store; every purchase joins the price
/// history (as its trip's line). All or nothing.
///
/// Rows already in history are skipped, so that a file can be imported again: a row matches a
/// stored purchase of the same date, trip, store and item (names compared as `Name.key` does),
/// quantity, unit and price. Matching counts: a file with two rows alike (Milk bought twice on
/// one receipt) skips as many of them as history holds, and imports the rest. Rows not yet
/// stored of a trip that is make a new trip of that date and name: a stored trip never changes.
public struct ImportPurchases: Sendable {
    /// What an import did, or would do on a dry run.
    public struct Summary: Sendable, Hashable {
        /// The trips made, by the rows imported.
        public let trips: Int
        /// The rows imported.
        public let purchases: Int
        /// The stores created, for names no store had.
        public let storesAdded: Int
        /// The categories created, for names no category had (and the default ones on a first run).
        public let categoriesAdded: Int
        /// The vault items created, for names no item had.
        public let itemsAdded: Int
        /// The rows already in history, skipped.
        public let skipped: Int
    }

    let storage: any Storage
    let clock: any Clock
    let ids: any IdentifierSource

    /// Usually reached as `UseCases.importPurchases`; `clock` refuses dates in the future, `ids`
    /// names what the import creates.
    public init(storage: any Storage, clock: any Clock, ids: any IdentifierSource) {
        self.storage = storage
        self.clock = clock
        self.ids = ids
    }

    /// Imports `purchases` as completed trips, skipping the rows already in history.
    /// - Parameter dryRun: true to work the import out and say what it would do, storing nothing.
    /// - Returns: what was imported (or would be); with no row to import, nothing is stored and
    ///   there is no change to undo.
    /// - Throws: `DomainError.importRow` naming the line and the reason; nothing is stored.
    ///   Also `.invalidAmount` when the rows' costs add up to more than Grock can count.
    public func callAsFunction(_ purchases: [Purchase], dryRun: Bool = false) async throws -> Summary {
        // A read's changes are never stored: the dry run makes them all, and sees what they add.
        if dryRun { return try await storage.read { try importing(purchases, into: $0) } }
        do {
            return try await storage.write { repositories in
                let summary = try importing(purchases, into: repositories)
                guard summary.purchases > 0 else { throw NothingToImport(summary: summary) }
                return Change(summary,
                              summary: "imported \(Wording.counted(summary.trips, "trip")) with "
                                           + "\(Wording.counted(summary.purchases, "purchase"))")
            }
        } catch let nothing as NothingToImport {
            return nothing.summary
        }
    }

    /// Ends a write that would change nothing, so that it leaves no empty step to undo.
    private struct NothingToImport: Error {
        let summary: Summary
    }

    private func importing(_ purchases: [Purchase], into repositories: any Repositories) throws -> Summary {
        let now = clock.now()
        // A purchase cannot have happened later than now: a row dated in the future would
        // stand as the newest price of its item for as long as that date is ahead.
        if let future = purchases.first(where: { $0.date > now.day }) {
            throw DomainError.importRow(line: future.sourceLine ?? 0,
                                        reason: "\(future.date) is in the future; a purchase says when it happened")
        }
        // As `--date` refuses it: `0001-01-01` is a slip, and would start every insight then.
        if let early = purchases.first(where: { $0.date < Timestamp.earliestHappened }) {
            throw DomainError.importRow(line: early.sourceLine ?? 0,
                                        reason: "\(early.date) is before 1990; Grock keeps no earlier purchase")
        }
        // A first import sets Grock up as `init` would, in the currency of the rows.
        if try !repositories.settings().isSetUp {
            _ = try SetUpFirstRun.setUp(repositories, ids: ids,
                                        currency: purchases.first?.price.currency ?? repositories.settings().currency)
        }
        var importer = try PurchaseImporter(repositories, ids: ids, offset: now.utcOffsetSeconds)
        try importer.run(purchases)
        return importer.summary
    }
}
