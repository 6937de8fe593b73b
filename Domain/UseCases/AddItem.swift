/// Adds an item to the vault, optionally with its first price at a store.
public struct AddItem: Sendable {
    let storage: any Storage
    let clock: any Clock
    let ids: any IdentifierSource

    /// Usually reached as `UseCases.addItem`; `clock` dates the first price, `ids` names the item.
    public init(storage: any Storage, clock: any Clock, ids: any IdentifierSource) {
        self.storage = storage
        self.clock = clock
        self.ids = ids
    }

    /// Adds the item `name` to `category` (a name or id), with its first price when given.
    /// - Parameters:
    ///   - price: the price of one `unit` as typed, such as `3.49`; needs `store`.
    ///   - unit: how the item is sold; `each` when not given (`pack` with `pack`).
    ///   - pack: what one pack holds, for a price per pack.
    /// - Returns: the new item.
    /// - Throws: `DomainError.invalidName` for `name`; `.invalidPack` for a `pack` with a `unit`
    ///   other than `pack`; `.duplicateName` when an item has the name; `.notFound` or
    ///   `.ambiguous` for a category or `store` that matches none or several;
    ///   `.storeRequired` for a `price` without `store`; `.invalidAmount` or `.tooLarge` for
    ///   `price`.
    public func callAsFunction(name: String, category: String, price: String? = nil, store: String? = nil,
                               unit: MeasureUnit? = nil, pack: PackSize? = nil) async throws -> Item {
        try await withCautions(name: name, category: category, price: price, store: store, unit: unit, pack: pack).item
    }

    /// The same, with what looks wrong about the price (`PriceCheck`): recorded anyway.
    /// - Returns: the new item, and the cautions about its price (none without `price`).
    /// - Throws: as `callAsFunction(name:category:price:store:unit:pack:)`.
    public func withCautions(name: String, category: String, price: String? = nil, store: String? = nil,
                             unit: MeasureUnit? = nil, pack: PackSize? = nil) async throws -> (item: Item, cautions: [PriceCaution]) {
        let name = try Name.validated(name, kind: "item")
        if let unit, let pack, unit != .pack {
            throw DomainError.invalidPack("\(pack)", reason: "a pack size goes with a price per pack, not per \(unit)")
        }
        let basis = pack.map { PriceUnit(pack: $0) } ?? PriceUnit(unit ?? .each)
        return try await storage.write { repositories in
            let resolver = Resolver(repositories: repositories)
            try requireUnique(name, kind: "item", among: try repositories.itemNames().map(\.name))
            let category = try resolver.category(category)
            var item = Item(id: ItemID(ids.makeIdentifier()), name: name, categoryID: category.id, unit: basis.unit)
            var summary = "added \(name) to \(category.name)"
            var cautions: [PriceCaution] = []
            if let price {
                guard let storeReference = store else { throw DomainError.storeRequired(item: name) }
                let store = try resolver.store(storeReference)
                let money = try Money(parsing: price, currency: try resolver.settings().currency, as: "price")
                let now = clock.now()
                let unitPrice = UnitPrice(money, per: basis)
                cautions = try PriceCheck.cautions(for: unitPrice, of: item, at: store, on: now.day)
                item.record(unitPrice, at: store.id, on: now, promotionUntil: nil, isPromotion: false)
                try repositories.record([PriceObservation(item: item.id, store: store.id, price: unitPrice, observedAt: now,
                                                          source: .manual)])
                summary += " at \(unitPrice) at \(store.name)"
            }
            try repositories.save(item)
            return Change((item, cautions), summary: summary)
        }
    }
}
