/// Every use case, built over one storage, clock and identifier source: what a front (the CLI,
/// a view model, a test) needs to act on the user's data.
public struct UseCases: Sendable {
    // Not public: a front acts on the user's data through the use cases below, never on the
    // storage under them (tests reach it with `@testable`, to set up states no use case makes).
    let storage: any Storage
    /// What every use case takes "now" from: dates, today's prices.
    public let clock: any Clock
    /// Where new stores, items, carts and categories get their identifiers.
    public let ids: any IdentifierSource

    /// The use cases over `storage`; `clock` and `ids` are the only sources of time and
    /// identity, so that a test fixes them.
    public init(storage: any Storage, clock: any Clock, ids: any IdentifierSource) {
        self.storage = storage
        self.clock = clock
        self.ids = ids
    }

    // MARK: - Setup and settings
    /// Default categories and the currency, once.
    public var setUpFirstRun: SetUpFirstRun { SetUpFirstRun(storage: storage, ids: ids) }
    /// Another currency for amounts, not converting them.
    public var changeCurrency: ChangeCurrency { ChangeCurrency(storage: storage) }
    /// The settings as stored.
    public var showSettings: ShowSettings { ShowSettings(storage: storage) }
    /// Erases the data set, past undo.
    public var resetAllData: ResetAllData { ResetAllData(storage: storage) }
    /// Takes back the last change.
    public var undoLastChange: UndoLastChange { UndoLastChange(storage: storage) }
    /// Names for a shell to complete.
    public var listNames: ListNames { ListNames(storage: storage) }

    // MARK: - Stores and categories
    /// A new store, or a removed one back.
    public var addStore: AddStore { AddStore(storage: storage, clock: clock, ids: ids) }
    /// A store's new name.
    public var renameStore: RenameStore { RenameStore(storage: storage) }
    /// A store out of the vault and plans; history keeps it.
    public var removeStore: RemoveStore { RemoveStore(storage: storage, clock: clock) }
    /// The stores not removed.
    public var listStores: ListStores { ListStores(storage: storage) }
    /// The order a store's aisles are walked in.
    public var setAisleOrder: SetAisleOrder { SetAisleOrder(storage: storage) }
    /// A new category, last in the order.
    public var addCategory: AddCategory { AddCategory(storage: storage, ids: ids) }
    /// A category's new name.
    public var renameCategory: RenameCategory { RenameCategory(storage: storage) }
    /// A category's place in the order.
    public var moveCategory: MoveCategory { MoveCategory(storage: storage) }
    /// An empty category gone.
    public var deleteCategory: DeleteCategory { DeleteCategory(storage: storage) }
    /// The categories, with how many items each holds.
    public var listCategories: ListCategories { ListCategories(storage: storage) }

    // MARK: - The vault
    /// A new vault item, with a first price.
    public var addItem: AddItem { AddItem(storage: storage, clock: clock, ids: ids) }
    /// A price seen at a store, without buying.
    public var setPrice: SetPrice { SetPrice(storage: storage, clock: clock) }
    /// A price recorded by hand taken back.
    public var forgetPrice: ForgetPrice { ForgetPrice(storage: storage, clock: clock) }
    /// An item's new name, on active carts too.
    public var renameItem: RenameItem { RenameItem(storage: storage) }
    /// An item into another category.
    public var moveItem: MoveItem { MoveItem(storage: storage) }
    /// An item out of the vault; history keeps it.
    public var deleteItem: DeleteItem { DeleteItem(storage: storage) }
    /// The vault, category by category.
    public var browseVault: BrowseVault { BrowseVault(storage: storage, clock: clock) }
    /// Items whose name contains a text.
    public var searchItems: SearchItems { SearchItems(storage: storage, clock: clock) }
    /// One item with its price at each store.
    public var showItem: ShowItem { ShowItem(storage: storage, clock: clock) }
    /// Every price seen or paid for an item.
    public var priceHistory: PriceHistory { PriceHistory(storage: storage) }

    // MARK: - Carts
    /// A new cart being planned.
    public var createCart: CreateCart { CreateCart(storage: storage, clock: clock, ids: ids) }
    /// A cart's name and budget.
    public var editCart: EditCart { EditCart(storage: storage) }
    /// A cart gone, whatever its status.
    public var deleteCart: DeleteCart { DeleteCart(storage: storage) }
    /// Vault items onto a cart.
    public var addToCart: AddToCart { AddToCart(storage: storage, clock: clock) }
    /// A line's quantity, unit or store.
    public var updateCartLine: UpdateCartLine { UpdateCartLine(storage: storage, clock: clock) }
    /// A line off a cart.
    public var removeFromCart: RemoveFromCart { RemoveFromCart(storage: storage) }
    /// One cart, grouped by store and aisle.
    public var showCart: ShowCart { ShowCart(storage: storage) }
    /// The carts being planned or shopped.
    public var listActiveCarts: ListActiveCarts { ListActiveCarts(storage: storage) }
    /// The completed trips, newest first.
    public var listHistory: ListHistory { ListHistory(storage: storage) }
    /// What each month spent.
    public var monthlySpending: MonthlySpending { MonthlySpending(storage: storage) }

    // MARK: - The trip
    /// Planning to shopping.
    public var startTrip: StartTrip { StartTrip(storage: storage, clock: clock) }
    /// A line bought on the trip.
    public var logPurchase: LogPurchase { LogPurchase(storage: storage, clock: clock) }
    /// A purchase taken back.
    public var unlogPurchase: UnlogPurchase { UnlogPurchase(storage: storage) }
    /// Something bought that was not planned.
    public var addImpulseItem: AddImpulseItem { AddImpulseItem(storage: storage, clock: clock, ids: ids) }
    /// Shopping to completed; prices paid enter the vault.
    public var finishTrip: FinishTrip { FinishTrip(storage: storage, clock: clock, ids: ids) }
    /// Shopping back to planning; purchases dropped.
    public var abortTrip: AbortTrip { AbortTrip(storage: storage) }
    /// A completed trip back to shopping, to correct it.
    public var reopenCart: ReopenCart { ReopenCart(storage: storage, clock: clock) }
    /// A receipt read and matched, nothing stored.
    public var reviewReceipt: ReviewReceipt { ReviewReceipt(storage: storage, clock: clock) }
    /// A receipt logged, on a cart or as a trip.
    public var applyReceipt: ApplyReceipt { ApplyReceipt(storage: storage, clock: clock, ids: ids) }

    // MARK: - Insights
    /// Where the money went, per month, store and category.
    public var spendingInsights: SpendingInsights { SpendingInsights(storage: storage) }
    /// What the same basket costs month by month.
    public var personalInflation: PersonalInflation { PersonalInflation(storage: storage) }
    /// The cheapest stores for a cart's lines.
    public var planCheapestStores: PlanCheapestStores { PlanCheapestStores(storage: storage, clock: clock) }

    // MARK: - Getting data in and out
    /// Every line bought, as exported.
    public var listPurchases: ListPurchases { ListPurchases(storage: storage) }
    /// Purchase rows in as completed trips.
    public var importPurchases: ImportPurchases { ImportPurchases(storage: storage, clock: clock, ids: ids) }
    /// Everything, for a backup.
    public var createBackup: CreateBackup { CreateBackup(storage: storage) }
    /// A backup into an empty data set.
    public var restoreBackup: RestoreBackup { RestoreBackup(storage: storage) }
}
