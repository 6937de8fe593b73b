/// A group of items in the vault, shown in `sortOrder`.
public struct Category: Sendable, Hashable, Identifiable {
    /// The category's identity.
    public let id: CategoryID
    /// Unique among categories, as `Name.key` compares names.
    public var name: String
    /// Its place in the vault's order: lower first; not necessarily consecutive.
    public var sortOrder: Int

    /// A category as given; a new one goes after the highest `sortOrder`.
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
