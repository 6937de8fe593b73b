/// First-run setup: the default categories and the currency. Running it again adds nothing
/// and changes nothing; it refuses to switch the currency of data already set up.
public struct SetUpFirstRun: Sendable {
    public struct Report: Sendable, Hashable {
        public let currency: Currency
        public let categoriesAdded: [String]
        public let wasAlreadySetUp: Bool
    }

    let storage: any Storage
    let ids: any IdentifierSource

    public init(storage: any Storage, ids: any IdentifierSource) {
        self.storage = storage
        self.ids = ids
    }

    /// - Throws: `DomainError.alreadySetUp` when asked for another currency after setup.
    public func callAsFunction(currency: Currency? = nil) async throws -> Report {
        try await storage.write { repositories in
            var settings = try repositories.settings()
            if settings.isSetUp {
                if let currency, currency != settings.currency {
                    throw DomainError.alreadySetUp(currency: settings.currency.code)
                }
                return Change(Report(currency: settings.currency, categoriesAdded: [], wasAlreadySetUp: true), summary: "nothing")
            }
            let added = try Self.setUp(repositories, ids: ids, currency: currency ?? settings.currency)
            settings = try repositories.settings()
            return Change(Report(currency: settings.currency, categoriesAdded: added, wasAlreadySetUp: false),
                          summary: "set up Grock with \(Wording.counted(added.count, "category"))")
        }
    }
}

extension SetUpFirstRun {
    /// What a first run does, also for a first import: the default categories, and the
    /// currency, in the change under way.
    /// - Returns: the names of the categories added.
    static func setUp(_ repositories: any Repositories, ids: any IdentifierSource, currency: Currency) throws -> [String] {
        var settings = try repositories.settings()
        var categories = try repositories.allCategories()
        var added: [String] = []
        for name in Category.defaultNames where !categories.contains(where: { Name.key($0.name) == Name.key(name) }) {
            let category = Category(id: CategoryID(ids.makeIdentifier()), name: name, sortOrder: (categories.map(\.sortOrder).max() ?? -1) + 1)
            try repositories.save(category)
            categories.append(category)
            added.append(name)
        }
        settings.isSetUp = true
        settings.currency = currency
        try repositories.save(settings)
        return added
    }
}

/// Switches the currency amounts are shown in. Amounts are not converted, so a switch between
/// currencies with different decimals is refused once any amount is stored.
public struct ChangeCurrency: Sendable {
    let storage: any Storage

    public init(storage: any Storage) { self.storage = storage }

    public func callAsFunction(_ currency: Currency) async throws -> Settings {
        try await storage.write { repositories in
            var settings = try repositories.settings()
            let previous = settings.currency
            if previous.minorDigits != currency.minorDigits {
                let hasAmounts = try repositories.allItems().contains { !$0.prices.isEmpty }
                    || repositories.activeCarts().contains { !$0.lines.isEmpty || $0.budget != nil }
                    || !repositories.completedTrips().isEmpty
                if hasAmounts { throw DomainError.currencyDigitsDiffer(from: previous.code, to: currency.code) }
            }
            settings.currency = currency
            try repositories.save(settings)
            return Change(settings, summary: "changed the currency from \(previous.code) to \(currency.code)")
        }
    }
}

/// The current settings.
public struct ShowSettings: Sendable {
    let storage: any Storage

    public init(storage: any Storage) { self.storage = storage }

    public func callAsFunction() async throws -> Settings {
        try await storage.read { try $0.settings() }
    }
}

/// Deletes every store, item, cart and price, and the undo history. Cannot be undone.
public struct ResetAllData: Sendable {
    let storage: any Storage

    public init(storage: any Storage) { self.storage = storage }

    public func callAsFunction() async throws { try await storage.eraseEverything() }
}

/// Takes back the last change, one at a time, and says what it was.
public struct UndoLastChange: Sendable {
    let storage: any Storage

    public init(storage: any Storage) { self.storage = storage }

    /// - Returns: the summary of what was undone, such as "removed Milk from Weekly".
    /// - Throws: `DomainError.nothingToUndo`.
    public func callAsFunction() async throws -> String { try await storage.undoLastChange() }
}
