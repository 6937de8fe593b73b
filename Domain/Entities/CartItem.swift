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
    /// The unit the user counts or weighs the line in (by default the item's own unit).
    public var unit: MeasureUnit
    /// What the line's prices are per: the store's way of selling it (per lb, per pack of
    /// 250 g), which may differ from `unit` as long as it measures the same thing. Costs are
    /// converted exactly and rounded once, so 250 g at 9.16/kg costs 2.29.
    public var priceUnit: PriceUnit
    /// Where the line is planned to be bought; nil when no store is known.
    public var plannedStore: StoreID?
    /// The planned price of one `priceUnit`; nil when no price is known.
    public var plannedPrice: Money?
    /// Whether it was bought on the trip.
    public var isFulfilled: Bool
    /// Where it was bought; nil until it is.
    public var actualStore: StoreID?
    /// The price paid for one `priceUnit`.
    public var actualPrice: Money?
    /// The quantity bought, when it differs from the plan it equals `quantity` otherwise.
    public var purchasedQuantity: Quantity?
    /// Bought on the spur of the moment: never enters the vault.
    public let isImpulse: Bool

    /// A line as given; `priceUnit` defaults to `unit`, and the rest to a line planned nowhere
    /// and not bought.
    public init(itemID: ItemID, name: String, categoryName: String?, quantity: Quantity, unit: MeasureUnit,
                priceUnit: PriceUnit? = nil, plannedStore: StoreID? = nil, plannedPrice: Money? = nil, isFulfilled: Bool = false,
                actualStore: StoreID? = nil, actualPrice: Money? = nil, purchasedQuantity: Quantity? = nil,
                isImpulse: Bool = false) {
        self.itemID = itemID
        self.name = name
        self.categoryName = categoryName
        self.quantity = quantity
        self.unit = unit
        self.priceUnit = priceUnit ?? PriceUnit(unit)
        self.plannedStore = plannedStore
        self.plannedPrice = plannedPrice
        self.isFulfilled = isFulfilled
        self.actualStore = actualStore
        self.actualPrice = actualPrice
        self.purchasedQuantity = purchasedQuantity
        self.isImpulse = isImpulse
    }

    /// quantity × planned price; nil when the price is unknown.
    public func plannedCost() throws -> Money? { try plannedPrice.flatMap { try cost(of: quantity, at: $0) } }

    /// purchased quantity × price paid; nil until the line is bought.
    public func actualCost() throws -> Money? {
        guard isFulfilled, let actualPrice else { return nil }
        return try cost(of: purchasedQuantity ?? quantity, at: actualPrice)
    }

    /// What a quantity in `unit` measures on this line: a pack is what the line's packs hold
    /// (so 1 pack of 250 g converts to 250 g), any other unit itself.
    public func measure(of unit: MeasureUnit) -> PriceUnit {
        guard unit == .pack, let pack = priceUnit.pack else { return PriceUnit(unit) }
        return PriceUnit(pack: pack)
    }

    /// What `quantity` of the line holds, as one pack (3 packs of 250 g hold 750 g; 1.2 kg holds
    /// 1.2 kg); nil for packs of unknown contents, or contents beyond `Quantity.maximum`.
    public func contents(of quantity: Quantity) -> PackSize? {
        guard unit == .pack else { return PackSize(quantity, unit) }
        guard let pack = priceUnit.pack, let total = quantity.times(pack.quantity) else { return nil }
        return PackSize(total, pack.unit)
    }

    /// The line to be priced per `basis`, holding what it holds: a line of packs holding 500 g
    /// is 2 packs of 250 g where `basis` is a pack of 250 g, or 500 g where `basis` is per kg or
    /// its packs do not divide it a thousandth exactly, its planned price said per `basis`. Any
    /// other line is returned as it is (its unit converts by itself).
    /// - Throws: `DomainError.amountOverflow` when the planned price, said per `basis`, is more
    ///   than an amount can be (250 g at a price per 0.001 g, per kg): never dropped silently.
    public func holding(pricedPer basis: PriceUnit) throws -> CartItem {
        guard unit == .pack, basis != priceUnit, let holds = contents(of: quantity) else { return self }
        var line = self
        if basis.pack != nil, let packs = Quantity.one.converted(from: PriceUnit(pack: holds), to: basis) {
            line.quantity = packs
        } else if PriceUnit(holds.unit).converts(to: basis) {
            line.quantity = holds.quantity
            line.unit = holds.unit
        } else {
            return self
        }
        // Priced per `basis` from now on, the planned price converted with it; asked again, the
        // same line is what it is.
        line.plannedPrice = try plannedPrice.flatMap { try $0.per(priceUnit, convertedTo: basis) }
        line.priceUnit = basis
        return line
    }

    /// Whether the line's prices are per its own unit (the common case: no conversion).
    public var isPricedPerUnit: Bool { priceUnit == PriceUnit(unit) }

    private func cost(of quantity: Quantity, at price: Money) throws -> Money? {
        if isPricedPerUnit { return try price.times(quantity) }
        return try price.cost(of: quantity, in: PriceUnit(unit), per: priceUnit)
    }

    /// The actual cost once bought, else the planned cost.
    public func expectedCost() throws -> Money? { try actualCost() ?? plannedCost() }

    /// Where the line is bought, or else planned to be bought.
    public var effectiveStore: StoreID? { isFulfilled ? actualStore ?? plannedStore : plannedStore }
}
