import Domain

// MARK: - Intents: looking, each a look `refresh` takes again

extension VaultViewModel {
    /// Reads the vault by category, or one category (a name or id); shows `browse`.
    /// - Returns: false, with the screen unchanged, for a category not found.
    @discardableResult
    public func browse(category: String? = nil) async -> Bool {
        lastLook = .browse(category: category)
        return await perform {
            sections = try await useCases.browseVault(category: category)
            currency = try await useCases.showSettings().currency
            screen = .browse
        }
    }

    /// Finds the items whose names match `text` (any case and accents); shows `search`.
    @discardableResult
    public func search(_ text: String) async -> Bool {
        lastLook = .search(text)
        return await perform {
            results = try await useCases.searchItems(text)
            currency = try await useCases.showSettings().currency
            screen = .search(text)
        }
    }

    /// Shows one item (a name or id) with its price at every store; shows `item`.
    /// - Returns: false for an item not found, or a name that matches several.
    @discardableResult
    public func show(_ reference: String) async -> Bool {
        defer { followItem(Look.item) }
        return await perform {
            item = try await useCases.showItem(reference)
            currency = try await useCases.showSettings().currency
            screen = .item
        }
    }

    /// Shows one item's price history, every price seen or paid; shows `history`.
    @discardableResult
    public func showHistory(_ reference: String) async -> Bool {
        defer { followItem(Look.history) }
        return await perform {
            let result = try await useCases.priceHistory(reference)
            item = try await useCases.showItem(result.item.id.rawValue)
            history = result.entries
            normalisedHistory = try result.entries.map { try $0.observation.price.normalised().price.minorUnits }
            currency = try await useCases.showSettings().currency
            screen = .history
        }
    }

    /// Every store's current price with the cheapest marked, then the price history; shows
    /// `prices`.
    @discardableResult
    public func showPrices(_ reference: String) async -> Bool {
        defer { followItem(Look.prices) }
        guard await showHistory(reference) else { return false }
        screen = .prices
        return true
    }

    /// Reads the categories in order with their item counts; shows `categories`.
    @discardableResult
    public func listCategories() async -> Bool {
        lastLook = .categories
        return await perform {
            categoryDocuments = try await readCategories()
            screen = .categories
        }
    }

    /// The categories in order, as data: 1 for the first.
    func readCategories() async throws -> [CategoryDocument] {
        try await useCases.listCategories().enumerated().map { index, entry in
            CategoryDocument(position: index + 1, name: entry.category.name, items: entry.itemCount)
        }
    }
}

extension VaultViewModel: LiveScreen {
    /// Takes the last look again: the same category, search, item or history.
    public func refresh() async -> Bool {
        await keepingOutcome {
            switch lastLook {
            case nil: true
            case .browse(let category): await browse(category: category)
            case .search(let text): await search(text)
            case .item(let id): await show(id)
            case .history(let id): await showHistory(id)
            case .prices(let id): await showPrices(id)
            case .categories: await listCategories()
            }
        }
    }
}
