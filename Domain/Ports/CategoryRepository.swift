/// The vault's categories.
public protocol CategoryRepository: AnyObject {
    /// Every category, in sort order.
    func allCategories() throws -> [Category]
    func save(_ category: Category) throws
    func deleteCategory(_ id: CategoryID) throws
}
