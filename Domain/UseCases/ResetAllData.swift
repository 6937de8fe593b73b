/// Deletes every store, item, cart and price, and the undo history. Cannot be undone.
public struct ResetAllData: Sendable {
    let storage: any Storage

    public init(storage: any Storage) { self.storage = storage }

    public func callAsFunction() async throws { try await storage.eraseEverything() }
}
