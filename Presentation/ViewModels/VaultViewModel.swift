import Domain
import Observation

/// The vault: categories in order with their items and price badges, search, one item's
/// prices at every store with the cheapest marked, its price history, and the categories.
@MainActor @Observable
public final class VaultViewModel: ErrorState {
    /// Which view of the vault the last successful look or change left: what a front draws.
    public enum Screen: Sendable, Equatable {
        case browse, search(String), item, history, prices, categories
    }

    /// The view shown; `browse` until a look or change says otherwise.
    public private(set) var screen: Screen = .browse
    /// The categories with their items, as `browse` last read them; fronts read `document`.
    private(set) var sections: [VaultSection] = []
    /// The items the last `search` found; fronts read `resultDocuments`.
    private(set) var results: [ItemDetails] = []
    /// The item shown on `item`, `history` and `prices`; nil before one is shown and after
    /// `removeItem`. Fronts read `itemDocument`.
    private(set) var item: ItemDetails?
    /// The price history `showHistory` or `showPrices` last read, oldest first; fronts read
    /// `historyDocuments`.
    private(set) var history: [PriceHistory.Entry] = []
    /// Each history entry's price per base unit, in minor units, to draw its trend.
    public private(set) var normalisedHistory: [Int64] = []
    /// The categories in the vault's order with how many items each holds, as data, as
    /// `listCategories` (or a change of categories) last read them.
    public private(set) var categoryDocuments: [CategoryDocument] = []
    /// The settings' currency, which every amount shown is in; read with each look.
    public private(set) var currency: Currency = .euro
    /// What the last change did, in a sentence (`added Milk`), for fronts that confirm changes; nil
    /// until one succeeds.
    public private(set) var notice: String?
    /// What the last intent left besides its Bool result: its error, or its warnings and cautions
    /// though it succeeded (`IntentOutcome`).
    public internal(set) var lastIntent = LastIntent()

    private let useCases: UseCases

    /// A look at the vault that `refresh` can take again: the intent that took it, with what it
    /// was asked. An item is followed by its id, so that a rename elsewhere does not lose it.
    private enum Look {
        case browse(category: String?)
        case search(String)
        case item(id: String)
        case history(id: String)
        case prices(id: String)
        case categories
    }

    /// The last look taken, for `refresh`; nil before the first.
    private var lastLook: Look?

    /// Makes the look at the item shown (by its id) the one `refresh` takes again; none when no
    /// item is shown.
    private func followItem(_ look: (String) -> Look) {
        guard let id = item?.item.id.rawValue else { return }
        lastLook = look(id)
    }

    /// A vault screen with nothing read yet; fronts get one from `AppContainer.vault()`.
    public init(useCases: UseCases) { self.useCases = useCases }

    /// The item shown, as data; nil when `item` is.
    public var itemDocument: ItemDocument? { item.map { ItemDocument($0, currency: currency) } }

    // MARK: - Intents: looking

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
    private func readCategories() async throws -> [CategoryDocument] {
        try await useCases.listCategories().enumerated().map { index, entry in
            CategoryDocument(position: index + 1, name: entry.category.name, items: entry.itemCount)
        }
    }

    // MARK: - Intents: changing items

    /// Adds an item to the vault in `category` (a name or id), optionally with its first price at
    /// `store`, and shows it. A price that looks wrong is recorded anyway, and said in `cautions`.
    /// - Parameters:
    ///   - price: the price of one `unit` as typed (`3.49`); needs `store`.
    ///   - unit: how the item is sold; `each` when nil (`pack` with `pack`).
    ///   - pack: what one pack holds, for a price per pack.
    /// - Returns: false, with nothing added, for a name taken or invalid, an unknown category or
    ///   store, or a malformed price.
    @discardableResult
    public func addItem(_ name: String, category: String, price: String?, store: String?, unit: MeasureUnit?, pack: PackSize? = nil) async -> Bool {
        await itemChange {
            let added = try await useCases.addItem.checked(name: name, category: category, price: price, store: store, unit: unit, pack: pack)
            lastIntent.cautions = added.cautions.map(\.description)
            return added.item
        } notice: {
            Notice.itemAdded($0.name)
        }
    }

    /// Records a price of `item` seen at `store` (shelf or flyer), and shows the item. It
    /// becomes the store's current price unless a newer one is known there (then `notice` says
    /// it joined the history only); a price that looks wrong is recorded anyway, and said in
    /// `cautions`.
    /// - Parameters:
    ///   - price: the price of one `unit` (or pack) as typed.
    ///   - until: the last day of a promotion; nil: no end.
    ///   - date: when the price was seen, as typed (now when nil).
    @discardableResult
    public func setPrice(_ item: String, store: String, price: String, unit: MeasureUnit?, pack: PackSize? = nil, promotion: Bool, until: Day?,
                         date: String? = nil) async -> Bool {
        var isCurrent = true
        return await itemChange {
            let set = try await useCases.setPrice.checked(item: item, store: store, price: price, unit: unit, pack: pack, isPromotion: promotion,
                                                          promotionUntil: until, date: date)
            lastIntent.cautions = set.cautions.map(\.description)
            isCurrent = set.isCurrent
            return set.item
        } notice: {
            Notice.priceRecorded(of: $0.name, at: store, promotion: promotion, isCurrent: isCurrent)
        }
    }

    /// Takes a wrong price of `item` at `store` out of its history (the one seen on `day`, by
    /// default the current one there).
    @discardableResult
    public func forgetPrice(_ item: String, store: String, day: Day?) async -> Bool {
        await itemChange { try await useCases.forgetPrice(item: item, store: store, day: day) } notice: {
            Notice.priceForgotten(of: $0.name, at: store)
        }
    }

    /// Renames an item (a name or id) and shows it; refused when the new name is taken.
    @discardableResult
    public func renameItem(_ item: String, to name: String) async -> Bool {
        var oldName = ""
        return await itemChange {
            let renamed = try await useCases.renameItem(item, to: name)
            oldName = renamed.oldName
            return renamed.value
        } notice: { Notice.itemRenamed(from: oldName, to: $0.name) }
    }

    /// Moves an item to another category (a name or id) and shows it.
    @discardableResult
    public func moveItem(_ item: String, to category: String) async -> Bool {
        await itemChange { try await useCases.moveItem(item, toCategory: category) } notice: { Notice.itemMoved($0.name, to: category) }
    }

    /// Deletes an item from the vault and goes back to `browse`. Its lines on carts stay, by name,
    /// and its price history stays in history.
    @discardableResult
    public func removeItem(_ item: String) async -> Bool {
        await perform {
            let removed = try await useCases.deleteItem(item)
            notice = Notice.itemRemoved(removed.name)
            self.item = nil
            screen = .browse
            lastLook = .browse(category: nil)
        }
    }

    private func itemChange(_ action: () async throws -> Item, notice text: (Item) -> String) async -> Bool {
        await perform {
            let changed = try await action()
            notice = text(changed)
            await afterSaving {
                item = try await useCases.showItem(changed.id.rawValue)
                currency = try await useCases.showSettings().currency
                screen = .item
                followItem(Look.item)
            }
        }
    }

    // MARK: - Intents: categories

    /// Adds a category at the end of the order; shows `categories`.
    @discardableResult
    public func addCategory(_ name: String) async -> Bool {
        await categoryChange { Notice.categoryAdded(try await useCases.addCategory(name: name).name) }
    }

    /// Renames a category (a name or id); shows `categories`.
    @discardableResult
    public func renameCategory(_ category: String, to name: String) async -> Bool {
        await categoryChange {
            let renamed = try await useCases.renameCategory(category, to: name)
            return Notice.categoryRenamed(from: renamed.oldName, to: renamed.value.name)
        }
    }

    /// Moves a category to `position` in the order, 1 for the first; shows `categories`.
    @discardableResult
    public func moveCategory(_ category: String, to position: Int) async -> Bool {
        await categoryChange {
            _ = try await useCases.moveCategory(category, to: position)
            return Notice.categoryMoved(category, to: position)
        }
    }

    /// Deletes an empty category; one that still holds items is refused (move or remove them
    /// first). Shows `categories`.
    @discardableResult
    public func removeCategory(_ category: String) async -> Bool {
        await categoryChange { Notice.categoryRemoved(try await useCases.deleteCategory(category).name) }
    }

    private func categoryChange(_ action: () async throws -> String) async -> Bool {
        await perform {
            notice = try await action()
            await afterSaving {
                categoryDocuments = try await readCategories()
                screen = .categories
            }
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
