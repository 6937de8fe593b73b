import Domain

/// A completed trip as a row of `history`.
public struct TripRow: Sendable, Hashable, Encodable {
    /// The completed cart's id, to open it (`cart.show`) or reopen it.
    public let id: String
    /// The cart's name.
    public let name: String
    /// When the trip was finished; written RFC 3339 with the local offset.
    public let completed: DocumentTime
    /// The budget the cart had, as a decimal string; nil without one.
    public let budget: String?
    /// The planned cost of its vault lines (impulse buys were never planned), as a decimal string.
    public let plannedTotal: String
    /// What the trip cost, as a decimal string.
    public let actualTotal: String
    /// Whether `actualTotal` exceeds the budget.
    public let overBudget: Bool
    /// How many of `lines` were bought.
    public let fulfilled: Int
    /// How many lines the cart had, impulse buys included.
    public let lines: Int
    /// The ISO code of the row's amounts.
    public let currency: String

    /// The row of a completed trip.
    public init(_ trip: TripSummary) {
        id = trip.cartID.rawValue
        name = trip.name
        completed = DocumentTime(trip.completedAt)
        budget = trip.budget?.amountText
        plannedTotal = trip.planned.amountText
        actualTotal = trip.actual.amountText
        overBudget = trip.overBudget != nil
        fulfilled = trip.fulfilled
        lines = trip.lines
        currency = trip.actual.currency.code
    }
}
