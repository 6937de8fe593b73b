import Domain

/// A completed trip as a row of `history`.
public struct TripRow: Sendable, Hashable, Encodable {
    public let id: String
    public let name: String
    public let completed: String
    public let budget: String?
    public let plannedTotal: String
    public let actualTotal: String
    public let overBudget: Bool
    public let fulfilled: Int
    public let lines: Int
    public let currency: String

    public init(_ trip: TripSummary) {
        id = trip.cartID.rawValue
        name = trip.name
        completed = trip.completedAt.description
        budget = trip.budget?.amountText
        plannedTotal = trip.planned.amountText
        actualTotal = trip.actual.amountText
        overBudget = trip.overBudget != nil
        fulfilled = trip.fulfilled
        lines = trip.lines
        currency = trip.actual.currency.code
    }
}
