import Domain

/// The home screen as data: the carts and, when there is history, the spending figures.
public struct HomeDocument: Encodable, Sendable, Hashable {
    public let carts: [CartRow]
    public let insights: HomeInsights?
}

extension HomeViewModel {
    /// The screen's state as data.
    public var document: HomeDocument { HomeDocument(carts: rows, insights: insights) }
}
