/// Shopping → Planning: the trip did not happen; logged purchases and impulse buys are dropped.
public struct AbortTrip: Sendable {
    let storage: any Storage

    /// Usually reached as `UseCases.abortTrip`.
    public init(storage: any Storage) { self.storage = storage }

    /// Takes the cart `reference` names back to planning, dropping what was logged on the trip.
    /// - Returns: the cart, being planned again.
    /// - Throws: `DomainError.notFound` or `.ambiguous` for a reference that names no cart or
    ///   several; `.notAllowed` unless the cart is shopping.
    public func callAsFunction(_ reference: String) async throws -> Cart {
        try await storage.changeCart(reference) { cart, _ in
            try cart.abortTrip()
            return "aborted the trip for \(cart.name)"
        }
    }
}
