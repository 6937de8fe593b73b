// The column widths the screens share, named, with why each is what it is. A screen's line is
// still cut to `RenderStyle.width` at the end (`TextBlocks.fit`); these only lay out the columns.

enum Widths {
    /// The most a name (an item's, a cart's, a store's in a table) takes before it is cut with a
    /// mark: room for a long name while an 80-column line keeps its quantity, price and cost.
    static let name = 30
    /// The most a label takes next to a bar (insights' months, stores, categories, and the items
    /// of its price changes): shorter than `name`, for the bar beside it.
    static let label = 24
    /// A bar's width in insights: with a 24-column label, an amount and a trip count, within 80.
    static let bar = 24
    /// A store heading's amount at the least: a usual amount and its padding line up store under
    /// store. A longer amount is never cut: it takes its length and a space (`amountColumn(_:)`).
    static let amount = 12
    /// A store heading's name: at least 20 columns (a store's name stays readable on a narrow
    /// terminal), at most 60 (on a wide one the amount stays near the name).
    static let storeHeading = 20...60

    /// The column of `amount` in a store heading: `Widths.amount`, or its length and a space.
    static func amountColumn(_ amount: String) -> Int { max(Self.amount, amount.count + 1) }

    /// The name column of a store heading whose amount takes `amountColumn`, at `width`.
    static func storeNameColumn(width: Int, amountColumn: Int) -> Int {
        max(storeHeading.lowerBound, min(storeHeading.upperBound, width - amountColumn))
    }
}
