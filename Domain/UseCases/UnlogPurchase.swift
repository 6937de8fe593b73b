/// Takes back a logged purchase (an impulse line disappears).
public struct UnlogPurchase: Sendable {
    let storage: any Storage

    /// Usually reached as `UseCases.unlogPurchase`.
    public init(storage: any Storage) { self.storage = storage }

    /// Marks the line for `item` not bought again; an impulse buy is taken off the cart.
    /// - Throws: `DomainError.notFound` or `.ambiguous` for a cart or line that matches none or
    ///   several; `.notAllowed` unless the cart is shopping; `.notBought` for a line not logged.
    public func callAsFunction(cart reference: String, item: String) async throws -> Cart {
        try await storage.changeCart(reference) { cart, resolver in
            let line = try resolver.line(item, on: cart)
            try cart.unlogPurchase(line.itemID)
            return "un-logged \(line.name) on \(cart.name)"
        }
    }
}
