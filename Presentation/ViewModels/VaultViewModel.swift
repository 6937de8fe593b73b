import Domain
import Observation

/// The vault: categories in order with their items and price badges, search, one item's
/// prices at every store with the cheapest marked, its price history, and the categories.
@MainActor @Observable
public final class VaultViewModel: ErrorState {
    public enum Screen: Sendable, Equatable {
        case browse, search(String), item, history, prices, categories
    }

    public private(set) var screen: Screen = .browse
    public private(set) var sections: [VaultSection] = []
    public private(set) var results: [ItemDetails] = []
    public private(set) var item: ItemDetails?
    public private(set) var history: [PriceHistory.Entry] = []
    /// Each history entry's price per base unit, in minor units, to draw its trend.
    public private(set) var normalisedHistory: [Int64] = []
    public private(set) var categories: [(category: Category, itemCount: Int)] = []
    public private(set) var currency: Currency = .euro
    public private(set) var notice: String?
    public internal(set) var lastIntent = LastIntent()

    private let useCases: UseCases
    /// The last look taken (browse, a search, an item…), for `refresh`.
    private var lastLook: (() async -> Bool)?

    /// Makes `look` at the item shown, by its id (renames elsewhere do not lose it), the look
    /// `refresh` takes again.
    private func followItem(_ look: @escaping (String) async -> Bool) {
        guard let id = item?.item.id.rawValue else { return }
        lastLook = { await look(id) }
    }

    public init(useCases: UseCases) { self.useCases = useCases }

    public var itemDocument: ItemDocument? { item.map { ItemDocument($0, currency: currency) } }

    // MARK: - Intents: looking

    @discardableResult
    public func browse(category: String? = nil) async -> Bool {
        lastLook = { [unowned self] in await self.browse(category: category) }
        return await perform {
            sections = try await useCases.browseVault(category: category)
            currency = try await useCases.showSettings().currency
            screen = .browse
        }
    }

    @discardableResult
    public func search(_ text: String) async -> Bool {
        lastLook = { [unowned self] in await self.search(text) }
        return await perform {
            results = try await useCases.searchItems(text)
            currency = try await useCases.showSettings().currency
            screen = .search(text)
        }
    }

    @discardableResult
    public func show(_ reference: String) async -> Bool {
        defer { followItem { [unowned self] in await self.show($0) } }
        return await perform {
            item = try await useCases.showItem(reference)
            currency = try await useCases.showSettings().currency
            screen = .item
        }
    }

    @discardableResult
    public func showHistory(_ reference: String) async -> Bool {
        defer { followItem { [unowned self] in await self.showHistory($0) } }
        return await perform {
            let result = try await useCases.priceHistory(reference)
            item = try await useCases.showItem(result.item.id.rawValue)
            history = result.entries
            normalisedHistory = try result.entries.map { try $0.observation.price.normalised().price.minorUnits }
            currency = try await useCases.showSettings().currency
            screen = .history
        }
    }

    /// Every store's current price with the cheapest marked, then the price history.
    @discardableResult
    public func showPrices(_ reference: String) async -> Bool {
        defer { followItem { [unowned self] in await self.showPrices($0) } }
        guard await showHistory(reference) else { return false }
        screen = .prices
        return true
    }

    @discardableResult
    public func listCategories() async -> Bool {
        lastLook = { [unowned self] in await self.listCategories() }
        return await perform {
            categories = try await useCases.listCategories()
            screen = .categories
        }
    }

    // MARK: - Intents: changing items

    @discardableResult
    public func addItem(_ name: String, category: String, price: String?, store: String?, unit: MeasureUnit?, pack: PackSize? = nil) async -> Bool {
        await itemChange {
            let added = try await useCases.addItem.checked(name: name, category: category, price: price, store: store, unit: unit, pack: pack)
            lastIntent.cautions = added.cautions.map(\.description)
            return added.item
        } notice: {
            "added \($0.name)"
        }
    }

    /// - Parameter date: when the price was seen, as typed (now when nil).
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
            // A price seen before the current one there joins the history only (tester, #23).
            "recorded the \(promotion ? "promotion" : "price") of \($0.name) at \(Echo.shortened(store))"
                + (isCurrent ? "" : " in its history; the newer one there stays current")
        }
    }

    /// Takes a wrong price of `item` at `store` out of its history (the one seen on `day`, by
    /// default the current one there).
    @discardableResult
    public func forgetPrice(_ item: String, store: String, day: Day?) async -> Bool {
        await itemChange { try await useCases.forgetPrice(item: item, store: store, day: day) } notice: {
            "took the price of \($0.name) at \(Echo.shortened(store)) out of its history"
        }
    }

    @discardableResult
    public func renameItem(_ item: String, to name: String) async -> Bool {
        var oldName = ""
        return await itemChange {
            let renamed = try await useCases.renameItem(item, to: name)
            oldName = renamed.oldName
            return renamed.value
        } notice: { "renamed \(oldName) to \($0.name)" }
    }

    @discardableResult
    public func moveItem(_ item: String, to category: String) async -> Bool {
        await itemChange { try await useCases.moveItem(item, toCategory: category) } notice: { "moved \($0.name) to \(Echo.shortened(category))" }
    }

    @discardableResult
    public func removeItem(_ item: String) async -> Bool {
        await perform {
            let removed = try await useCases.deleteItem(item)
            notice = "removed \(removed.name) from the vault"
            self.item = nil
            screen = .browse
            lastLook = { [unowned self] in await self.browse() }
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
                followItem { [unowned self] in await self.show($0) }
            }
        }
    }

    // MARK: - Intents: categories

    @discardableResult
    public func addCategory(_ name: String) async -> Bool {
        await categoryChange { "added category \(try await useCases.addCategory(name: name).name)" }
    }

    @discardableResult
    public func renameCategory(_ category: String, to name: String) async -> Bool {
        await categoryChange {
            let renamed = try await useCases.renameCategory(category, to: name)
            return "renamed category \(renamed.oldName) to \(renamed.value.name)"
        }
    }

    @discardableResult
    public func moveCategory(_ category: String, to position: Int) async -> Bool {
        await categoryChange {
            _ = try await useCases.moveCategory(category, to: position)
            return "moved category \(Echo.shortened(category)) to position \(position)"
        }
    }

    @discardableResult
    public func removeCategory(_ category: String) async -> Bool {
        await categoryChange { "removed category \(try await useCases.deleteCategory(category).name)" }
    }

    private func categoryChange(_ action: () async throws -> String) async -> Bool {
        await perform {
            notice = try await action()
            await afterSaving {
                categories = try await useCases.listCategories()
                screen = .categories
            }
        }
    }
}

extension VaultViewModel: LiveScreen {
    /// Takes the last look again: the same category, search, item or history.
    public func refresh() async -> Bool { await keepingOutcome { await lastLook?() ?? true } }
}
