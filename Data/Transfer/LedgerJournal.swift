import Domain

/// Completed trips as a plain-text-accounting journal that `hledger` and `ledger` read: one
/// transaction per trip dated the day it was finished, one posting per category
/// (`expenses:groceries:CATEGORY`), the items and stores as comments, balanced by `assets:cash`.
/// Its totals per month equal `grock insights --by month`.
public enum LedgerJournal {
    public static func write(_ carts: [Cart], storeNames: [StoreID: String]) throws -> String {
        var output = "; Grock purchase history, written by grock export --format ledger\n"
        let sorted = carts.enumerated().sorted { lhs, rhs in
            let l = (lhs.element.completedAt ?? lhs.element.createdAt).day, r = (rhs.element.completedAt ?? rhs.element.createdAt).day
            return l != r ? l < r : lhs.offset < rhs.offset
        }.map(\.element)
        for cart in sorted {
            let bought = cart.lines.filter(\.isFulfilled)
            guard !bought.isEmpty else { continue }
            var order: [String] = []
            var totals: [String: Money] = [:]
            var notes: [String: [String]] = [:]
            for line in bought {
                guard let cost = try line.actualCost(), let price = line.actualPrice else { continue }
                let category = line.isImpulse ? "Impulse buys" : line.categoryName ?? "Uncategorised"
                if totals[category] == nil { order.append(category) }
                totals[category] = try (totals[category] ?? .zero(cart.currency)).adding(cost)
                let store = line.actualStore.flatMap { storeNames[$0] }.map { " at \($0)" } ?? ""
                notes[category, default: []].append("\(line.name), \(line.purchasedQuantity ?? line.quantity) \(line.unit) @ \(price.amountText)\(store)")
            }
            let day = (cart.completedAt ?? cart.createdAt).day
            output += "\n\(day) \(clean(cart.name))\n"
            for category in order {
                let account = "expenses:groceries:" + clean(category).replacingOccurrences(of: ":", with: "-")
                output += "    \(account)  \(totals[category]!.amountText) \(cart.currency.code)\n"
                for note in notes[category]! { output += "        ; \(clean(note))\n" }
            }
            output += "    assets:cash\n"
        }
        return output
    }

    /// One line, single spaces: two spaces would end an account name, a line break a posting.
    static func clean(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
