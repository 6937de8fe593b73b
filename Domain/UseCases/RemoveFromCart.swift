/// Takes a line off a cart being planned or shopped.
public struct RemoveFromCart: Sendable {
    let storage: any Storage

    /// Usually reached as `UseCases.removeFromCart`.
    public init(storage: any Storage) { self.storage = storage }

    /// Removes the line for `item` (its name or id) from the cart `reference` names.
    /// - Throws: `DomainError.notFound` or `.ambiguous` for a cart or line that matches none or
    ///   several; `.notAllowed` for a completed cart.
    public func callAsFunction(cart reference: String, item: String) async throws -> Cart {
        try await storage.changeCart(reference) { cart, resolver in
            let line = try resolver.line(item, on: cart)
            try cart.removeLine(line.itemID)
            return "removed \(line.name) from \(cart.name)"
        }
    }
}
