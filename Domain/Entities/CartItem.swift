/// One line of a cart: an item from the vault (or an impulse buy), how much of it, where it is
/// planned to be bought and at what price, and what was actually paid.
public struct CartItem: Sendable, Hashable {
    /// The vault item, or for an impulse buy an identifier of its own that no vault item has.
    public let itemID: ItemID
    /// The item's name when the line was last touched, so history can name deleted items.
    public var name: String
    /// The item's category name when the line was last touched; nil for an impulse buy.
    public var categoryName: String?
    /// The planned quantity, in `unit`.
    public var quantity: Quantity
    public var unit: MeasureUnit
    public var plannedStore: StoreID?
    /// The planned price of one `unit`; nil when no price is known.
    public var plannedPrice: Money?
    public var isFulfilled: Bool
    public var actualStore: StoreID?
    /// The price paid for one `unit`.
    public var actualPrice: Money?
    /// The quantity bought, when it differs from the plan it equals `quantity` otherwise.
    public var purchasedQuantity: Quantity?
    /// Bought on the spur of the moment: never enters the vault.
    public let isImpulse: Bool

    public init(itemID: ItemID, name: String, categoryName: String?, quantity: Quantity, unit: MeasureUnit,
                plannedStore: StoreID? = nil, plannedPrice: Money? = nil, isFulfilled: Bool = false,
                actualStore: StoreID? = nil, actualPrice: Money? = nil, purchasedQuantity: Quantity? = nil,
                isImpulse: Bool = false) {
        self.itemID = itemID
        self.name = name
        self.categoryName = categoryName
        self.quantity = quantity
        self.unit = unit
        self.plannedStore = plannedStore
        self.plannedPrice = plannedPrice
        self.isFulfilled = isFulfilled
        self.actualStore = actualStore
        self.actualPrice = actualPrice
        self.purchasedQuantity = purchasedQuantity
        self.isImpulse = isImpulse
    }

    /// quantity × planned price; nil when the price is unknown.
    public func plannedCost() throws -> Money? { try plannedPrice?.times(quantity) }

    /// purchased quantity × price paid; nil until the line is bought.
    public func actualCost() throws -> Money? {
        guard isFulfilled, let actualPrice else { return nil }
        return try actualPrice.times(purchasedQuantity ?? quantity)
    }

    /// The actual cost once bought, else the planned cost.
    public func expectedCost() throws -> Money? { try actualCost() ?? plannedCost() }

    /// Where the line is bought, or else planned to be bought.
    public var effectiveStore: StoreID? { isFulfilled ? actualStore ?? plannedStore : plannedStore }
}
