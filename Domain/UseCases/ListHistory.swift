/// Completed trips, newest first.
public struct ListHistory: Sendable {
    let storage: any Storage

    /// Usually reached as `UseCases.listHistory`.
    public init(storage: any Storage) { self.storage = storage }

    /// Every completed trip, the last completed first; empty before the first trip is finished.
    public func callAsFunction() async throws -> [TripSummary] {
        try await storage.read { try $0.completedTrips().reversed().sorted { $0.completedAt > $1.completedAt } }
    }
}
