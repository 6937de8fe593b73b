import Domain

/// The home screen's insights panel: amounts as `Money`, written in the JSON as decimal strings.
public struct HomeInsights: Sendable, Hashable, Encodable {
    /// The current month, `YYYY-MM`.
    public let month: String
    /// What the trips completed this month cost (nothing without any).
    public let spentThisMonth: Money
    /// How many trips were completed this month.
    public let tripsThisMonth: Int
    /// The budgets of the active carts added up.
    public let openBudgets: Money
    /// The ISO code of the amounts (`EUR`): the settings' currency.
    public let currency: String
}
