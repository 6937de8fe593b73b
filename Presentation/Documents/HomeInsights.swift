import Domain

/// The home screen's insights panel.
public struct HomeInsights: Sendable, Hashable, Encodable {
    /// The current month, `YYYY-MM`.
    public let month: String
    /// What the trips completed this month cost, as a decimal string (`0.00` without any).
    public let spentThisMonth: String
    /// How many trips were completed this month.
    public let tripsThisMonth: Int
    /// The budgets of the active carts added up, as a decimal string.
    public let openBudgets: String
    /// The ISO code of the amounts (`EUR`): the settings' currency.
    public let currency: String
}
