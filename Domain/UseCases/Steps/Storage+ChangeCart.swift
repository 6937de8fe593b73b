// What the use cases that change one cart share (`StartTrip`, `AbortTrip`, `UnlogPurchase`, ...):
// resolve it, change it, save it, in one write.
extension Storage {
    /// Changes one cart as one change: resolves it, lets `change` act on it (returning the
    /// change's summary), and saves it.
    func changeCart(_ reference: String, _ change: sending (inout Cart, Resolver) throws -> String) async throws -> Cart {
        try await write { repositories in
            let resolver = Resolver(repositories: repositories)
            var cart = try resolver.cart(reference)
            let summary = try change(&cart, resolver)
            try repositories.save(cart)
            return Change(cart, summary: summary)
        }
    }
}
