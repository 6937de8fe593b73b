import Domain
import Observation

/// The vault: categories in order with their items and price badges, search, one item's
/// prices at every store with the cheapest marked, its price history, and the categories.
@MainActor @Observable
public final class VaultViewModel: ErrorState, ConfirmsIntents {
    /// Which view of the vault the last successful look or change left: what a front draws.
    public enum Screen: Sendable, Equatable {
        case browse, search(String), item, history, prices, categories
    }

    /// The view shown; `browse` until a look or change says otherwise.
    public internal(set) var screen: Screen = .browse
    /// The categories with their items, as `browse` last read them; fronts read `document`.
    var sections: [VaultSection] = []
    /// The items the last `search` found; fronts read `resultDocuments`.
    var results: [ItemDetails] = []
    /// The item shown on `item`, `history` and `prices`; nil before one is shown and after
    /// `removeItem`. Fronts read `itemDocument`.
    var item: ItemDetails?
    /// The price history `showHistory` or `showPrices` last read, oldest first; fronts read
    /// `historyDocuments`.
    var history: [PriceHistory.Entry] = []
    /// Each history entry's price per base unit, in minor units, to draw its trend.
    public internal(set) var normalisedHistory: [Int64] = []
    /// The categories in the vault's order with how many items each holds, as data, as
    /// `listCategories` (or a change of categories) last read them.
    public internal(set) var categoryDocuments: [CategoryDocument] = []
    /// The settings' currency, which every amount shown is in; read with each look.
    public internal(set) var currency: Currency = .euro
    /// What the last change did (`.itemAdded`), for fronts that confirm changes; nil until one
    /// succeeds.
    public internal(set) var lastNotice: Notice?
    /// What the last intent left besides its Bool result: its error, or its warnings and cautions
    /// though it succeeded (`IntentOutcome`).
    public internal(set) var lastIntent = LastIntent()

    let useCases: UseCases

    /// A look at the vault that `refresh` can take again: the intent that took it, with what it
    /// was asked. An item is followed by its id, so that a rename elsewhere does not lose it.
    enum Look {
        case browse(category: String?)
        case search(String)
        case item(id: String)
        case history(id: String)
        case prices(id: String)
        case categories
    }

    /// The last look taken, for `refresh`; nil before the first.
    var lastLook: Look?

    /// Makes the look at the item shown (by its id) the one `refresh` takes again; none when no
    /// item is shown.
    func followItem(_ look: (String) -> Look) {
        guard let id = item?.item.id.rawValue else { return }
        lastLook = look(id)
    }

    /// A vault screen with nothing read yet; fronts get one from `AppContainer.vault()`.
    public init(useCases: UseCases) { self.useCases = useCases }

    /// The item shown, as data; nil when `item` is.
    public var itemDocument: ItemDocument? { item.map { ItemDocument($0, currency: currency) } }
}
