import Domain

// MARK: - Intents: changing categories

extension VaultViewModel {
    /// Adds a category at the end of the order; shows `categories`.
    @discardableResult
    public func addCategory(_ name: String) async -> Bool {
        await categoryChange { .categoryAdded(name: try await useCases.addCategory(name: name).name) }
    }

    /// Renames a category (a name or id); shows `categories`.
    @discardableResult
    public func renameCategory(_ category: String, to name: String) async -> Bool {
        await categoryChange {
            let renamed = try await useCases.renameCategory(category, to: name)
            return .categoryRenamed(from: renamed.oldName, to: renamed.value.name)
        }
    }

    /// Moves a category to `position` in the order, 1 for the first; shows `categories`.
    @discardableResult
    public func moveCategory(_ category: String, to position: Int) async -> Bool {
        await categoryChange {
            _ = try await useCases.moveCategory(category, to: position)
            return .categoryMoved(category: category, position: position)
        }
    }

    /// Deletes an empty category; one that still holds items is refused (move or remove them
    /// first). Shows `categories`.
    @discardableResult
    public func removeCategory(_ category: String) async -> Bool {
        await categoryChange { .categoryRemoved(name: try await useCases.deleteCategory(category).name) }
    }

    /// Runs a change of the categories, which answers what it did, then shows `categories`.
    private func categoryChange(_ action: () async throws -> Notice) async -> Bool {
        await perform {
            lastNotice = try await action()
            await afterSaving {
                categoryDocuments = try await readCategories()
                screen = .categories
            }
        }
    }
}
