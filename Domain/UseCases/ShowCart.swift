/// One cart, active or completed, ready to show.
public struct ShowCart: Sendable {
    let storage: any Storage

    /// Usually reached as `UseCases.showCart`.
    public init(storage: any Storage) { self.storage = storage }

    /// The cart `reference` names, grouped store by store in aisle order.
    /// - Throws: `DomainError.notFound` or `.ambiguous` for a reference that names no cart or
    ///   several, `.severalTripsOnDay` or `.noTripOnDay` for a `NAME@YYYY-MM-DD` that names
    ///   several trips or none; `.amountOverflow` when a store's lines cannot be added up.
    public func callAsFunction(_ reference: String) async throws -> CartDetails {
        try await storage.read { repositories in
            let cart = try Resolver(repositories: repositories).cart(reference)
            return try CartDetails(cart: cart, stores: try repositories.allStores(), categories: try repositories.allCategories())
        }
    }

    /// The details of a cart already at hand (just changed), reading only stores and categories.
    public func details(of cart: Cart) async throws -> CartDetails {
        try await storage.read { repositories in
            try CartDetails(cart: cart, stores: try repositories.allStores(), categories: try repositories.allCategories())
        }
    }
}
