/// Adds a category at the end of the vault's order.
public struct AddCategory: Sendable {
    let storage: any Storage
    let ids: any IdentifierSource

    /// Usually reached as `UseCases.addCategory`; `ids` names the category.
    public init(storage: any Storage, ids: any IdentifierSource) {
        self.storage = storage
        self.ids = ids
    }

    /// Adds a category at the end of the order.
    /// - Throws: `DomainError.invalidName` for `name`; `.duplicateName` when a category has it.
    public func callAsFunction(name: String) async throws -> Category {
        let name = try Name.validated(name, kind: "category")
        return try await storage.write { repositories in
            let categories = try repositories.allCategories()
            try requireUnique(name, kind: "category", among: categories.map(\.name))
            let category = Category(id: CategoryID(ids.makeIdentifier()), name: name, sortOrder: (categories.map(\.sortOrder).max() ?? -1) + 1)
            try repositories.save(category)
            return Change(category, summary: "added category \(name)")
        }
    }
}

/// Renames a category; the lines already on carts keep the name they were given.
public struct RenameCategory: Sendable {
    let storage: any Storage

    /// Usually reached as `UseCases.renameCategory`.
    public init(storage: any Storage) { self.storage = storage }

    /// Renames the category `reference` names to `newName`.
    /// - Returns: the category, with the name it had before.
    /// - Throws: `DomainError.invalidName` for `newName`; `.notFound` or `.ambiguous` for a
    ///   reference that names no category or several; `.duplicateName` when another category
    ///   has it.
    public func callAsFunction(_ reference: String, to newName: String) async throws -> Renamed<Category> {
        let newName = try Name.validated(newName, kind: "category")
        return try await storage.write { repositories in
            var category = try Resolver(repositories: repositories).category(reference)
            try requireUnique(newName, kind: "category", among: try repositories.allCategories().filter { $0.id != category.id }.map(\.name))
            let oldName = category.name
            category.name = newName
            try repositories.save(category)
            return Change(Renamed(value: category, oldName: oldName), summary: "renamed category \(oldName) to \(newName)")
        }
    }
}

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

/// Deletes an empty category; one that still holds items is refused, so nothing is lost by
/// accident (move or remove the items first).
public struct DeleteCategory: Sendable {
    let storage: any Storage

    /// Usually reached as `UseCases.deleteCategory`.
    public init(storage: any Storage) { self.storage = storage }

    /// Deletes the category `reference` names, and its place in every store's aisle order.
    /// - Returns: the category as it was.
    /// - Throws: `DomainError.notFound` or `.ambiguous` for a reference that names no category
    ///   or several; `.categoryNotEmpty` while items are in it.
    public func callAsFunction(_ reference: String) async throws -> Category {
        try await storage.write { repositories in
            let category = try Resolver(repositories: repositories).category(reference)
            let count = try repositories.itemNames().count { $0.categoryID == category.id }
            guard count == 0 else { throw DomainError.categoryNotEmpty(name: category.name, itemCount: count) }
            try repositories.deleteCategory(category.id)
            for var store in try repositories.allStores() where store.aisleOrder.contains(category.id) {
                store.aisleOrder.removeAll { $0 == category.id }
                try repositories.save(store)
            }
            return Change(category, summary: "removed category \(category.name)")
        }
    }
}

/// The categories in order, with how many items each holds.
public struct ListCategories: Sendable {
    let storage: any Storage

    /// Usually reached as `UseCases.listCategories`.
    public init(storage: any Storage) { self.storage = storage }

    /// Every category in the vault's order, with the number of vault items in it.
    public func callAsFunction() async throws -> [(category: Category, itemCount: Int)] {
        try await storage.read { repositories in
            let items = try repositories.itemNames()
            return try repositories.allCategories().map { category in (category, items.count { $0.categoryID == category.id }) }
        }
    }
}
