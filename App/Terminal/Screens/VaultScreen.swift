import Domain
import Presentation

// `grock item` and `grock category`: `VaultViewModel`'s vault, items, prices and categories as text.

extension VaultViewModel {
    /// The vault screen shown last: the categories with their items, search results, an item with its
    /// prices, its history, or the categories.
    public func render(_ style: RenderStyle = .plain) -> String {
        var lines = errorLine(style)
        let vault = document
        switch screen {
        case .browse: lines += renderSections(vault.sections, style)
        case .search(let text):
            lines.append(style.bold("Items matching \(Echo.quoted(text))"))
            lines += vault.results.isEmpty ? ["  Nothing matches."] : TextBlocks.table(vault.results.map(badgeRow), limits: [0: 30])
        case .item: lines += vault.item.map { renderItem($0, style: style) } ?? []
        case .history: lines += vault.item.map { renderHistory($0, vault.history, style: style) } ?? []
        case .prices:
            if let item = vault.item { lines += renderItem(item, style: style) + [""] + renderHistory(item, vault.history, style: style) }
        case .categories:
            lines.append(style.bold("Categories"))
            lines += TextBlocks.table(vault.categories.map { category in
                ["\(category.position).", category.name, TextBlocks.plural(category.items, "item")]
            }, rightAligned: [0])
        }
        return TextBlocks.fit(lines, width: style.width)
    }

    private func renderSections(_ sections: [VaultDocument.Section], _ style: RenderStyle) -> [String] {
        if sections.allSatisfy({ $0.items.isEmpty }) {
            return sections.isEmpty
                ? ["The vault is empty: run grock init, then grock item add NAME --category CAT"]
                : ["The vault has no items yet. Add one with: grock item add NAME --category \(TextBlocks.shellWord(sections[0].category))"]
        }
        var lines: [String] = []
        for section in sections {
            lines.append(style.bold(section.category))
            lines += section.items.isEmpty ? ["  (no items)"] : TextBlocks.table(section.items.map(badgeRow), limits: [0: 30])
        }
        return lines
    }

    /// `Milk   1.09/each at Aldi (+1 store)`: the item with its cheapest price as a badge.
    private func badgeRow(_ item: ItemDocument) -> [String] {
        guard let cheapest = item.prices.first(where: \.cheapest), let price = cheapest.comparedPrice else { return [item.name, "no price yet"] }
        let others = item.prices.count - 1
        return [item.name, price + (cheapest.promotion ? " promo" : ""),
                "at \(cheapest.store)" + (others > 0 ? " (+\(TextBlocks.plural(others, "store")))" : "")]
    }

    private func renderItem(_ item: ItemDocument, style: RenderStyle) -> [String] {
        var lines = [style.bold(item.name) + "  (\(item.category ?? "no category"), sold by \(item.unit))"]
        guard !item.prices.isEmpty else {
            return lines + ["  No prices yet. Add one with: " + TextBlocks.phrase(item.name.hasPrefix("-") ? "grock item price --store STORE --price PRICE " + TextBlocks.arguments([item.name]) : "grock item price " + TextBlocks.shellWord(item.name) + " --store STORE --price PRICE")]
        }
        var rows = [["", "Store", "Price", "Normalised", "Seen", ""]]
        for row in item.prices {
            let promotion = row.promotion ? "promotion" + (row.promotionUntil.map { " until \($0)" } ?? "") : ""
            rows.append([row.cheapest ? "*" : "", row.store, row.shelfPrice ?? "expired", row.normalisedPrice ?? "-", row.observed ?? "-", promotion])
        }
        lines += TextBlocks.table(rows, rightAligned: [2, 3], indent: 0)
        lines.append("* cheapest per \(item.cheapestPer) (\(item.currency))")
        return lines
    }

    private func renderHistory(_ item: ItemDocument, _ history: [PriceDocument], style: RenderStyle) -> [String] {
        var lines = [style.bold("Price history of \(item.name)") + " (\(item.currency))"]
        guard !history.isEmpty else { return lines + ["  No prices recorded yet."] }
        lines.append("  " + TextBlocks.sparkline(normalisedHistory, style: style)
            + "  per \(history.last?.perUnit ?? item.baseUnit), oldest to newest")
        lines += TextBlocks.table(history.map { entry in
            [entry.date.day.description, entry.store, entry.comparedPrice, entry.source == .seen && entry.promotion ? "promotion" : entry.source.rawValue]
        }, rightAligned: [2])
        return lines
    }
}
