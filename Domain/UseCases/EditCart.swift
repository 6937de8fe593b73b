/// Renames a cart and changes its budget (nil removes it); only while planning or shopping.
public struct EditCart: Sendable {
    let storage: any Storage

    /// Usually reached as `UseCases.editCart`.
    public init(storage: any Storage) { self.storage = storage }

    /// Renames the cart `reference` names and sets or removes its budget.
    /// - Parameters:
    ///   - budget: `.some(nil)` removes the budget; nil leaves it.
    /// - Returns: the cart, with the name it had before; an edit that leaves the cart as it was
    ///   (its own name, the budget it has) stores nothing and leaves no undo step.
    /// - Throws: `DomainError.notFound` or `.ambiguous` for a reference that names no cart or
    ///   several; `.notAllowed` for a completed cart; `.invalidName` for `name`;
    ///   `.duplicateName` when another active cart has it; `.invalidAmount` or `.tooLarge` for
    ///   `budget`.
    public func callAsFunction(_ reference: String, name newName: String? = nil, budget: String?? = nil) async throws -> Renamed<Cart> {
        try await storage.write(unlessUnchanged: { repositories in
            let resolver = Resolver(repositories: repositories)
            let stored = try resolver.cart(reference)
            var cart = stored
            let oldName = cart.name
            var changes: [String] = []
            if let newName {
                try cart.rename(to: newName)
                let others = try repositories.activeCarts().filter { $0.id != cart.id }.map(\.name)
                try requireUnique(cart.name, kind: "active cart", among: others)
                changes.append("renamed cart \(oldName) to \(cart.name)")
            }
            if let budget {
                try cart.setBudget(try budget.map { try Money(parsing: $0, currency: cart.currency, as: "budget") })
                changes.append(cart.budget.map { "set the budget of \(cart.name) to \($0.amountText)" }
                                   ?? "removed the budget of \(cart.name)")
            }
            guard cart != stored else { return .unchanged(Renamed(value: cart, oldName: oldName)) }
            try repositories.save(cart)
            return .changed(Change(Renamed(value: cart, oldName: oldName), summary: changes.joined(separator: " and ")))
        })
    }
}
