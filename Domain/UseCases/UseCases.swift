/// Every use case, built over one storage, clock and identifier source: what a front (the CLI,
/// a view model, a test) needs to act on the user's data.
public struct UseCases: Sendable {
    // Not public: a front acts on the user's data through the use cases below, never on the
    // storage under them (tests reach it with `@testable`, to set up states no use case makes).
    let storage: any Storage
    public let clock: any Clock
    public let ids: any IdentifierSource

    public init(storage: any Storage, clock: any Clock, ids: any IdentifierSource) {
        self.storage = storage
        self.clock = clock
        self.ids = ids
    }

    // MARK: - Setup and settings
    public var setUpFirstRun: SetUpFirstRun { SetUpFirstRun(storage: storage, ids: ids) }
    public var changeCurrency: ChangeCurrency { ChangeCurrency(storage: storage) }
    public var showSettings: ShowSettings { ShowSettings(storage: storage) }
    public var resetAllData: ResetAllData { ResetAllData(storage: storage) }
    public var undoLastChange: UndoLastChange { UndoLastChange(storage: storage) }
    public var listNames: ListNames { ListNames(storage: storage) }

    // MARK: - Stores and categories
    public var addStore: AddStore { AddStore(storage: storage, clock: clock, ids: ids) }
    public var renameStore: RenameStore { RenameStore(storage: storage) }
    public var removeStore: RemoveStore { RemoveStore(storage: storage, clock: clock) }
    public var listStores: ListStores { ListStores(storage: storage) }
    public var setAisleOrder: SetAisleOrder { SetAisleOrder(storage: storage) }
    public var addCategory: AddCategory { AddCategory(storage: storage, ids: ids) }
    public var renameCategory: RenameCategory { RenameCategory(storage: storage) }
    public var moveCategory: MoveCategory { MoveCategory(storage: storage) }
    public var deleteCategory: DeleteCategory { DeleteCategory(storage: storage) }
    public var listCategories: ListCategories { ListCategories(storage: storage) }

    // MARK: - The vault
    public var addItem: AddItem { AddItem(storage: storage, clock: clock, ids: ids) }
    public var setPrice: SetPrice { SetPrice(storage: storage, clock: clock) }
    public var forgetPrice: ForgetPrice { ForgetPrice(storage: storage, clock: clock) }
    public var renameItem: RenameItem { RenameItem(storage: storage) }
    public var moveItem: MoveItem { MoveItem(storage: storage) }
    public var deleteItem: DeleteItem { DeleteItem(storage: storage) }
    public var browseVault: BrowseVault { BrowseVault(storage: storage, clock: clock) }
    public var searchItems: SearchItems { SearchItems(storage: storage, clock: clock) }
    public var showItem: ShowItem { ShowItem(storage: storage, clock: clock) }
    public var priceHistory: PriceHistory { PriceHistory(storage: storage) }

    // MARK: - Carts
    public var createCart: CreateCart { CreateCart(storage: storage, clock: clock, ids: ids) }
    public var editCart: EditCart { EditCart(storage: storage) }
    public var deleteCart: DeleteCart { DeleteCart(storage: storage) }
    public var addToCart: AddToCart { AddToCart(storage: storage, clock: clock) }
    public var updateCartLine: UpdateCartLine { UpdateCartLine(storage: storage, clock: clock) }
    public var removeFromCart: RemoveFromCart { RemoveFromCart(storage: storage) }
    public var showCart: ShowCart { ShowCart(storage: storage) }
    public var listActiveCarts: ListActiveCarts { ListActiveCarts(storage: storage) }
    public var listHistory: ListHistory { ListHistory(storage: storage) }
    public var monthlySpending: MonthlySpending { MonthlySpending(storage: storage) }

    // MARK: - The trip
    public var startTrip: StartTrip { StartTrip(storage: storage, clock: clock) }
    public var logPurchase: LogPurchase { LogPurchase(storage: storage, clock: clock) }
    public var unlogPurchase: UnlogPurchase { UnlogPurchase(storage: storage) }
    public var addImpulseItem: AddImpulseItem { AddImpulseItem(storage: storage, clock: clock, ids: ids) }
    public var finishTrip: FinishTrip { FinishTrip(storage: storage, clock: clock, ids: ids) }
    public var abortTrip: AbortTrip { AbortTrip(storage: storage) }
    public var reopenCart: ReopenCart { ReopenCart(storage: storage, clock: clock) }
    public var reviewReceipt: ReviewReceipt { ReviewReceipt(storage: storage, clock: clock) }
    public var applyReceipt: ApplyReceipt { ApplyReceipt(storage: storage, clock: clock, ids: ids) }

    // MARK: - Insights
    public var spendingInsights: SpendingInsights { SpendingInsights(storage: storage) }
    public var personalInflation: PersonalInflation { PersonalInflation(storage: storage) }
    public var planCheapestStores: PlanCheapestStores { PlanCheapestStores(storage: storage, clock: clock) }

    // MARK: - Getting data in and out
    public var listPurchases: ListPurchases { ListPurchases(storage: storage) }
    public var importPurchases: ImportPurchases { ImportPurchases(storage: storage, clock: clock, ids: ids) }
    public var createBackup: CreateBackup { CreateBackup(storage: storage) }
    public var restoreBackup: RestoreBackup { RestoreBackup(storage: storage) }
}
