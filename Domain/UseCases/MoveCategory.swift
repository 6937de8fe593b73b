/// Moves a category to a 1-based position in the order.
public struct MoveCategory: Sendable {
    let storage: any Storage

    /// Usually reached as `UseCases.moveCategory`.
    public init(storage: any Storage) { self.storage = storage }

    /// Moves the category `reference` names to `position` (1 is first).
    /// - Returns: every category in the new order.
    /// - Throws: `DomainError.notFound` or `.ambiguous` for a reference that names no category
    ///   or several; `.invalidPosition` for a position outside 1 through the number of
    ///   categories.
    public func callAsFunction(_ reference: String, to position: Int) async throws -> [Category] {
        try await storage.write { repositories in
            let category = try Resolver(repositories: repositories).category(reference)
            var order = try repositories.allCategories().filter { $0.id != category.id }
            guard (1...order.count + 1).contains(position) else { throw DomainError.invalidPosition(position, count: order.count + 1) }
            order.insert(category, at: position - 1)
            for (index, var moved) in order.enumerated() where moved.sortOrder != index {
                moved.sortOrder = index
                try repositories.save(moved)
                order[index] = moved
            }
            return Change(order, summary: "moved category \(category.name) to position \(position)")
        }
    }
}
