/// What completed trips spent per month, in month order.
public struct MonthlySpending: Sendable {
    let storage: any Storage

    public init(storage: any Storage) { self.storage = storage }

    public func callAsFunction() async throws -> [MonthSpending] {
        try await storage.read { try $0.spendingByMonth() }
    }
}
