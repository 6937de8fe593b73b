/// Creates a cart being planned, optionally with a budget and items from the vault.
public struct CreateCart: Sendable {
    let storage: any Storage
    let clock: any Clock
    let ids: any IdentifierSource

    /// Usually reached as `UseCases.createCart`; `clock` stamps its creation and the day whose
    /// prices are planned, `ids` names it.
    public init(storage: any Storage, clock: any Clock, ids: any IdentifierSource) {
        self.storage = storage
        self.clock = clock
        self.ids = ids
    }

    /// Creates the cart `name`, being planned, in the settings' currency.
    /// - Parameters:
    ///   - budget: as typed, such as `120.00`.
    ///   - items: vault items (names or ids) to put on it, one of each at the cheapest store.
    /// - Returns: the new cart.
    /// - Throws: `DomainError.invalidName` for `name`; `.duplicateName` when an active cart has
    ///   it; `.invalidAmount` or `.tooLarge` for `budget`; `.notFound` or `.ambiguous` for an
    ///   item that matches none or several; `.cartTotalTooLarge` when the totals would overflow.
    public func callAsFunction(name: String, budget: String? = nil, items: [String] = []) async throws -> Cart {
        let name = try Name.validated(name, kind: "cart")
        return try await storage.write { repositories in
            let resolver = Resolver(repositories: repositories)
            try requireUnique(name, kind: "active cart", among: try repositories.activeCarts().map(\.name))
            let currency = try resolver.settings().currency
            let now = clock.now()
            var cart = Cart(id: CartID(ids.makeIdentifier()), name: name, budget: nil, currency: currency, createdAt: now)
            try cart.setBudget(try budget.map { try Money(parsing: $0, currency: currency, as: "budget") })
            let planner = try CartLineFactory(repositories, day: now.day)
            for reference in items {
                try cart.add(try planner.line(for: try resolver.item(reference), quantity: .one, store: nil))
            }
            try repositories.save(cart)
            let suffix = items.isEmpty ? "" : " with \(cart.lines.count) item\(cart.lines.count == 1 ? "" : "s")"
            return Change(cart, summary: "created cart \(name)\(suffix)")
        }
    }
}
