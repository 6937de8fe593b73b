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

    /// The orders Grock gives and takes. Adding a category puts it one past the highest and
    /// moving one numbers them all from 0, so an order is at most the number of categories ever
    /// added: a billion is out of any household's reach (and fits 32 bits). A backup, a state
    /// file or another device's change with an order outside it is refused like a bad name.
    public static let validOrders = 0...1_000_000_000

    /// The place after every one of `categories`: one past the highest `sortOrder` (0 for none),
    /// never past `validOrders` (a tie only leaves the two in name order).
    public static func orderAfter(_ categories: [Category]) -> Int {
        successor(of: categories.map(\.sortOrder).max() ?? -1)
    }

    /// `order + 1`, or the last of `validOrders` from there on (see `orderAfter`).
    public static func successor(of order: Int) -> Int {
        order < validOrders.upperBound ? order + 1 : validOrders.upperBound
    }

    /// The categories a first run starts with.
    public static let defaultNames = [
        "Produce", "Dairy", "Meat & Fish", "Bakery", "Pantry", "Frozen", "Beverages", "Snacks", "Household",
        "Personal Care",
    ]
}
