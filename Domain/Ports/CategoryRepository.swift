/// The vault's categories.
public protocol CategoryRepository: AnyObject {
    /// Every category, in sort order.
    func allCategories() throws -> [Category]
    /// Stores `category`, replacing the one with its id, or adding it.
    func save(_ category: Category) throws
    /// Deletes the category; the use cases refuse while it holds items.
    func deleteCategory(_ id: CategoryID) throws
}
