/// Everything Grock knows, as entities: what a backup holds.
public struct Backup: Sendable, Hashable {
    /// The currency, and whether first-run setup was done.
    public var settings: Settings
    /// Every store, removed ones too (history still names them).
    public var stores: [Store]
    /// Every category, with its place in the vault's order.
    public var categories: [Category]
    /// The vault's items, with their current prices per store.
    public var items: [Item]
    /// Planning and shopping carts.
    public var activeCarts: [Cart]
    /// Completed carts, in the order they were completed.
    public var completedCarts: [Cart]
    /// The prices seen by hand, in the order they were recorded (prices paid are the completed
    /// carts' lines).
    public var observations: [PriceObservation]

    /// A backup of exactly these; `CreateBackup` sorts them, `RestoreBackup` takes them as given.
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
