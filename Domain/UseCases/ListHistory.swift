/// Completed trips, newest first.
public struct ListHistory: Sendable {
    let storage: any Storage

    public init(storage: any Storage) { self.storage = storage }

    public func callAsFunction() async throws -> [TripSummary] {
        try await storage.read { try $0.completedTrips().reversed().sorted { $0.completedAt > $1.completedAt } }
    }
}
