/// First-run setup: the default categories and the currency. Running it again adds nothing
/// and stores nothing (no undo step); it refuses to switch the currency of data already set up.
public struct SetUpFirstRun: Sendable {
    /// What a setup did.
    public struct Outcome: Sendable, Hashable {
        /// The currency the data set is in after it.
        public let currency: Currency
        /// The default categories it added; empty when run again.
        public let categoriesAdded: [String]
        /// Whether the data set was set up before, so that nothing changed.
        public let wasAlreadySetUp: Bool
    }

    let storage: any Storage
    let ids: any IdentifierSource

    /// Usually reached as `UseCases.setUpFirstRun`; `ids` names the default categories.
    public init(storage: any Storage, ids: any IdentifierSource) {
        self.storage = storage
        self.ids = ids
    }

    /// Sets the data set up in `currency` (nil: the settings' default) with the default
    /// categories, unless it is set up already.
    /// - Throws: `DomainError.alreadySetUp` when asked for another currency after setup.
    public func callAsFunction(currency: Currency? = nil) async throws -> Outcome {
        try await storage.write(unlessUnchanged: { repositories in
            var settings = try repositories.settings()
            if settings.isSetUp {
                if let currency, currency != settings.currency {
                    throw DomainError.alreadySetUp(currency: settings.currency.code)
                }
                return .unchanged(Outcome(currency: settings.currency, categoriesAdded: [], wasAlreadySetUp: true))
            }
            let added = try Self.setUp(repositories, ids: ids, currency: currency ?? settings.currency)
            settings = try repositories.settings()
            return .changed(Change(Outcome(currency: settings.currency, categoriesAdded: added, wasAlreadySetUp: false),
                                   summary: "set up Grock with \(Wording.counted(added.count, "category"))"))
        })
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
            let category = Category(id: CategoryID(ids.makeIdentifier()), name: name, sortOrder: Category.orderAfter(categories))
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
