/// A group of items in the vault, shown in `sortOrder`.
public struct Category: Sendable, Hashable, Identifiable {
    public let id: CategoryID
    public var name: String
    public var sortOrder: Int

    public init(id: CategoryID, name: String, sortOrder: Int) {
        self.id = id
        self.name = name
        self.sortOrder = sortOrder
    }

    /// The categories a first run starts with.
    public static let defaultNames = [
        "Produce", "Dairy", "Meat & Fish", "Bakery", "Pantry", "Frozen", "Beverages", "Snacks", "Household",
        "Personal Care",
    ]
}
