import Domain
import Presentation

// `grock item` and `grock category`: the vault's document (items, prices, categories) as text.

/// The vault screen, drawn from values alone.
public enum VaultScreen {
    /// The view `screen` of `vault`: the categories with their items, search results, an item
    /// with its prices, its history, or the categories.
    /// - Parameters:
    ///   - normalisedHistory: the history's prices per base unit, in minor units, oldest first,
    ///     for its sparkline (`VaultViewModel.normalisedHistory`).
    ///   - error: the last intent's error, shown above.
    public static func render(_ vault: VaultDocument, screen: VaultViewModel.Screen, normalisedHistory: [Int64] = [],
                              error: String? = nil, style: RenderStyle = .plain) -> String {
        var lines = ProblemLines.error(error, style)
        switch screen {
        case .browse: lines += renderSections(vault.sections, style)
        case .search(let text):
            lines.append(style.bold("Items matching \(Echo.quoted(text))"))
            lines += vault.results.isEmpty
                ? ["  Nothing matches."]
                : TextBlocks.table(vault.results.map(badgeRow), limits: [0: Widths.name])
        case .item: lines += vault.item.map { renderItem($0, style: style) } ?? []
        case .history: lines += vault.item.map { renderHistory($0, vault.history, normalisedHistory, style: style) } ?? []
        case .prices:
            if let item = vault.item {
                lines += renderItem(item, style: style) + [""] + renderHistory(item, vault.history, normalisedHistory, style: style)
            }
        case .categories:
            lines.append(style.bold("Categories"))
            lines += TextBlocks.table(vault.categories.map { category in
                ["\(category.position).", category.name, Wording.counted(category.items, "item")]
            }, rightAligned: [0])
        }
        return TextBlocks.fit(lines, width: style.width)
    }

    private static func renderSections(_ sections: [VaultDocument.Section], _ style: RenderStyle) -> [String] {
        if sections.allSatisfy({ $0.items.isEmpty }) {
            return sections.isEmpty
                ? ["The vault is empty: run \(Hints.setUp), then \(Hints.addFirstItem)"]
                : ["The vault has no items yet. Add one with: " + Hints.addItem(category: sections[0].category)]
        }
        var lines: [String] = []
        for section in sections {
            lines.append(style.bold(section.category))
            lines += section.items.isEmpty ? ["  (no items)"] : TextBlocks.table(section.items.map(badgeRow), limits: [0: Widths.name])
        }
        return lines
    }

    /// `Milk   1.09/each at Aldi (+1 store)`: the item with its cheapest price as a badge.
    private static func badgeRow(_ item: ItemDocument) -> [String] {
        guard let cheapest = item.prices.first(where: \.cheapest),
              let price = cheapest.comparedPrice else { return [item.name, "no price yet"] }
        let others = item.prices.count - 1
        return [item.name, price + (cheapest.promotion ? " promo" : ""),
                "at \(cheapest.store)" + (others > 0 ? " (+\(Wording.counted(others, "store")))" : "")]
    }

    private static func renderItem(_ item: ItemDocument, style: RenderStyle) -> [String] {
        var lines = [style.bold(item.name) + "  (\(item.category ?? "no category"), sold by \(item.unit))"]
        guard !item.prices.isEmpty else {
            return lines + ["  No prices yet. Add one with: " + Hints.addPrice(item.name)]
        }
        var rows = [["", "Store", "Price", "Normalised", "Seen", ""]]
        for row in item.prices {
            let promotion = row.promotion ? "promotion" + (row.promotionUntil.map { " until \($0)" } ?? "") : ""
            rows.append([row.cheapest ? "*" : "", row.store, row.shelfPrice ?? "expired", row.normalisedPrice ?? "-", row.observed ?? "-",
                         promotion])
        }
        lines += TextBlocks.table(rows, rightAligned: [2, 3], indent: 0)
        lines.append("* cheapest per \(item.cheapestPer) (\(item.currency))")
        return lines
    }

    private static func renderHistory(_ item: ItemDocument, _ history: [PriceDocument], _ normalisedHistory: [Int64],
                                      style: RenderStyle) -> [String] {
        var lines = [style.bold("Price history of \(item.name)") + " (\(item.currency))"]
        guard !history.isEmpty else { return lines + ["  No prices recorded yet."] }
        lines.append("  " + TextBlocks.sparkline(normalisedHistory, style: style)
            + "  per \(history.last?.perUnit ?? item.baseUnit), oldest to newest")
        lines += TextBlocks.table(history.map { entry in
            [entry.date.day.description, entry.store, entry.comparedPrice,
             entry.source == .seen && entry.promotion ? "promotion" : entry.source.rawValue]
        }, rightAligned: [2])
        return lines
    }
}
