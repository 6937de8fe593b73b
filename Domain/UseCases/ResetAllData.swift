/// Deletes every store, item, cart and price, and the undo history. Cannot be undone.
public struct ResetAllData: Sendable {
    let storage: any Storage

    /// Usually reached as `UseCases.resetAllData`.
    public init(storage: any Storage) { self.storage = storage }

    /// Erases the data set; what the storage cannot erase is thrown as its own error.
    public func callAsFunction() async throws { try await storage.eraseEverything() }
}
