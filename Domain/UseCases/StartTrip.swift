/// Planning → Shopping.
public struct StartTrip: Sendable {
    let storage: any Storage
    let clock: any Clock

    /// Usually reached as `UseCases.startTrip`; `clock` stamps when the trip started.
    public init(storage: any Storage, clock: any Clock) {
        self.storage = storage
        self.clock = clock
    }

    /// Starts shopping the cart `reference` names (its name, id or a unique id prefix).
    /// - Returns: the cart, now shopping.
    /// - Throws: `DomainError.notFound` or `.ambiguous` for a reference that names no cart or
    ///   several; `.notAllowed` unless the cart is being planned.
    public func callAsFunction(_ reference: String) async throws -> Cart {
        try await storage.changeCart(reference) { cart, _ in
            try cart.startTrip(at: clock.now())
            return "started the trip for \(cart.name)"
        }
    }
}
