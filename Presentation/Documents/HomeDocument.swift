import Domain

/// The home screen as data: the carts and, when there is history, the spending figures.
public struct HomeDocument: Encodable, Sendable, Hashable {
    /// The active carts (planning and shopping), with their totals; not those in `damagedCarts`.
    public let carts: [CartRow]
    /// The active carts whose totals cannot be worked out, each with its problem; empty but
    /// for a damaged state.
    public let damagedCarts: [DamagedCart]
    /// What was spent this month; nil before the screen is loaded.
    public let insights: HomeInsights?
}

extension HomeViewModel {
    /// The screen's state as data.
    public var document: HomeDocument { HomeDocument(carts: rows, damagedCarts: damagedCarts, insights: insights) }
}
