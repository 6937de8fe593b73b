/// What completed trips spent per month, in month order.
public struct MonthlySpending: Sendable {
    let storage: any Storage

    /// Usually reached as `UseCases.monthlySpending`.
    public init(storage: any Storage) { self.storage = storage }

    /// What was spent each month that has a completed trip, oldest month first.
    public func callAsFunction() async throws -> [MonthSpending] {
        try await storage.read { try $0.spendingByMonth() }
    }
}
