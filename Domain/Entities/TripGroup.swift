/// One group of a `TripGrouping`, such as the trips of one month: what a basket is bought in
/// and added up by (`Spending.basketTotals(by:basketOf:)`, `BasketTotals`). It means something
/// only in the grouping that gave it, which also knows its label (`TripGrouping.label(of:)`).
public struct TripGroup: Sendable, Hashable {
    // The group's place in its grouping's order: `package`, for a storage's loop over a hundred
    // thousand lines, which marks groups in an array rather than hashing one value per line.
    @usableFromInline package let number: Int

    @usableFromInline package init(number: Int) { self.number = number }
}
