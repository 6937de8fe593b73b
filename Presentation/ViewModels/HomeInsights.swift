import Domain

/// The home screen's insights panel.
public struct HomeInsights: Sendable, Hashable, Encodable {
    public let month: String
    public let spentThisMonth: String
    public let tripsThisMonth: Int
    public let openBudgets: String
    public let currency: String
}
