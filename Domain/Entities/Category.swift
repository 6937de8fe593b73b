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

    /// The place after every one of `categories`: one past the highest `sortOrder` (0 for none),
    /// or the highest itself when that is `Int.max`. A backup or another device may hold any
    /// order, and a tie only leaves the two in name order, where adding one would trap.
    public static func orderAfter(_ categories: [Category]) -> Int {
        successor(of: categories.map(\.sortOrder).max() ?? -1)
    }

    /// `order + 1`, or `order` itself at `Int.max` (see `orderAfter`).
    public static func successor(of order: Int) -> Int {
        order == .max ? order : order + 1
    }

    /// The categories a first run starts with.
    public static let defaultNames = [
        "Produce", "Dairy", "Meat & Fish", "Bakery", "Pantry", "Frozen", "Beverages", "Snacks", "Household",
        "Personal Care",
    ]
}
