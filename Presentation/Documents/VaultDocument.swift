import Domain

/// The vault screen as data: which view is shown and what it holds. Only the parts of the
/// view shown are filled in; the others are empty.
public struct VaultDocument: Encodable, Sendable, Hashable {
    /// A category with its items, in the vault's order.
    public struct Section: Encodable, Sendable, Hashable {
        /// The category's name.
        public let category: String
        /// Its items, each with its prices.
        public let items: [ItemDocument]
    }

    /// `browse`, `search`, `item`, `history`, `prices` or `categories`.
    public let screen: String
    /// The text searched for, on `search`.
    public let query: String?
    /// On `browse`: the categories in order with their items (one, when browsing a category).
    public let sections: [Section]
    /// On `search`: the items found.
    public let results: [ItemDocument]
    /// The item shown, on `item`, `history` and `prices`.
    public let item: ItemDocument?
    /// On `history` and `prices`: the item's price history.
    public let history: [PriceDocument]
    /// On `categories`: the categories in order, with how many items each holds.
    public let categories: [CategoryDocument]
}

extension VaultViewModel {
    /// The vault screen's state as data.
    public var document: VaultDocument {
        let (name, query): (String, String?) = switch screen {
        case .browse: ("browse", nil)
        case .search(let text): ("search", text)
        case .item: ("item", nil)
        case .history: ("history", nil)
        case .prices: ("prices", nil)
        case .categories: ("categories", nil)
        }
        let showsItem = [.item, .history, .prices].contains(screen)
        return VaultDocument(
            screen: name, query: query,
            sections: screen == .browse
                ? sections.map {
                    VaultDocument.Section(category: $0.category.name, items: $0.items.map { ItemDocument($0, currency: currency) })
                }
                : [],
            results: query == nil ? [] : resultDocuments,
            item: showsItem ? itemDocument : nil,
            history: screen == .history || screen == .prices ? historyDocuments : [],
            categories: screen == .categories ? categoryDocuments : [])
    }

    /// The items found by the last search, as data.
    public var resultDocuments: [ItemDocument] { results.map { ItemDocument($0, currency: currency) } }
}
