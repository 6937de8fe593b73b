/// Deletes a cart, whatever its status.
public struct DeleteCart: Sendable {
    let storage: any Storage

    /// Usually reached as `UseCases.deleteCart`.
    public init(storage: any Storage) { self.storage = storage }

    /// Deletes the cart `reference` names; a completed one leaves the spending history with it.
    /// - Returns: the cart as it was.
    /// - Throws: `DomainError.notFound` or `.ambiguous` for a reference that names no cart or
    ///   several.
    public func callAsFunction(_ reference: String) async throws -> Cart {
        try await storage.write { repositories in
            let cart = try Resolver(repositories: repositories).cart(reference)
            try repositories.deleteCart(cart.id)
            return Change(cart, summary: "deleted cart \(cart.name)")
        }
    }
}
