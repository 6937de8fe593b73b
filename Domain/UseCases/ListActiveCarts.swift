/// The carts being planned or shopped, oldest first, with what the home screen summarises.
public struct ListActiveCarts: Sendable {
    let storage: any Storage

    public init(storage: any Storage) { self.storage = storage }

    public func callAsFunction() async throws -> [Cart] {
        try await storage.read { try $0.activeCarts().sorted { $0.createdAt < $1.createdAt } }
    }
}
