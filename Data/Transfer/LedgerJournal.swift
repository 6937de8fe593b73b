import Domain

/// Purchases as a plain-text-accounting journal that `hledger` and `ledger` read: one
/// transaction per trip (its date and name, as in the CSV export), one posting per category
/// (`expenses:groceries:CATEGORY`), the items and stores as comments, balanced by
/// `assets:cash`. Its totals per month equal `grock insights --by month`.
public enum LedgerJournal {
    /// The journal for `purchases`, oldest trip first (trips on the same day in their order).
    /// - Throws: `DomainError.amountOverflow` when a row's cost or a category's total cannot be
    ///   added up.
    public static func write(_ purchases: [Purchase]) throws -> String {
        var output = "; Grock purchase history, written by grock export --format ledger\n"
        var index = 0
        let sorted = purchases.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element)
        while index < sorted.count {
            let first = sorted[index]
            var end = index
            while end < sorted.count && sorted[end].date == first.date && sorted[end].trip == first.trip { end += 1 }
            var order: [String] = []
            var totals: [String: Money] = [:]
            var notes: [String: [String]] = [:]
            for purchase in sorted[index..<end] {
                let category = purchase.category.isEmpty ? "Impulse buys" : purchase.category
                if totals[category] == nil { order.append(category) }
                totals[category] = try (totals[category] ?? .zero(purchase.price.currency)).adding(try purchase.cost())
                let store = purchase.store.isEmpty ? "" : " at \(purchase.store)"
                let per = purchase.basis == PriceUnit(purchase.unit) ? "" : "/\(purchase.basis)"
                notes[category, default: []].append("\(purchase.item), \(purchase.quantity) \(purchase.unit) @ "
                                                        + "\(purchase.price.amountText)\(per)\(store)")
            }
            output += "\n\(first.date) \(clean(first.trip))\n"
            for category in order {
                let account = "expenses:groceries:" + clean(category).replacing(":", with: "-")
                output += "    \(account)  \(totals[category]?.amountText ?? "0") \(first.price.currency.code)\n"
                for note in notes[category] ?? [] { output += "        ; \(clean(note))\n" }
            }
            output += "    assets:cash\n"
            index = end
        }
        return output
    }

    /// One line, single spaces: two spaces would end an account name, a line break a posting.
    static func clean(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
