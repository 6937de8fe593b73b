public struct AddCategory: Sendable {
    let storage: any Storage
    let ids: any IdentifierSource

    public init(storage: any Storage, ids: any IdentifierSource) {
        self.storage = storage
        self.ids = ids
    }

    /// Adds a category at the end of the order.
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

public struct RenameCategory: Sendable {
    let storage: any Storage

    public init(storage: any Storage) { self.storage = storage }

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

    public init(storage: any Storage) { self.storage = storage }

    /// - Returns: every category in the new order.
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

    public init(storage: any Storage) { self.storage = storage }

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

    public init(storage: any Storage) { self.storage = storage }

    public func callAsFunction() async throws -> [(category: Category, itemCount: Int)] {
        try await storage.read { repositories in
            let items = try repositories.itemNames()
            return try repositories.allCategories().map { category in (category, items.count { $0.categoryID == category.id }) }
        }
    }
}
