/// The carts being planned or shopped, oldest first, with what the home screen summarises.
public struct ListActiveCarts: Sendable {
    let storage: any Storage

    /// Usually reached as `UseCases.listActiveCarts`.
    public init(storage: any Storage) { self.storage = storage }

    /// Every cart being planned or shopped, the one created first first; empty when there is none.
    public func callAsFunction() async throws -> [Cart] {
        try await storage.read { try $0.activeCarts().sorted { $0.createdAt < $1.createdAt } }
    }
}
