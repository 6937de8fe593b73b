import Domain
import Presentation

extension VaultViewModel {
    /// The vault screen shown last: the categories with their items, search results, an item with its
    /// prices, its history, or the categories.
    public func render(_ style: RenderStyle = .plain) -> String {
        var lines = errorLine(style)
        switch screen {
        case .browse: lines += renderSections(style)
        case .search(let text):
            lines.append(style.bold("Items matching \(Echo.quoted(text))"))
            lines += results.isEmpty ? ["  Nothing matches."] : TextBlocks.table(results.map(badgeRow), limits: [0: 30])
        case .item: lines += item.map { renderItem($0, style: style) } ?? []
        case .history: lines += item.map { renderHistory($0, style: style) } ?? []
        case .prices:
            if let item { lines += renderItem(item, style: style) + [""] + renderHistory(item, style: style) }
        case .categories:
            lines.append(style.bold("Categories"))
            lines += TextBlocks.table(categoryDocuments.map { category in
                ["\(category.position).", category.name, TextBlocks.plural(category.items, "item")]
            }, rightAligned: [0])
        }
        return TextBlocks.fit(lines, width: style.width)
    }

    private func renderSections(_ style: RenderStyle) -> [String] {
        if sections.allSatisfy({ $0.items.isEmpty }) {
            return sections.isEmpty
                ? ["The vault is empty: run grock init, then grock item add NAME --category CAT"]
                : ["The vault has no items yet. Add one with: grock item add NAME --category \(TextBlocks.shellWord(sections[0].category.name))"]
        }
        var lines: [String] = []
        for section in sections {
            lines.append(style.bold(section.category.name))
            lines += section.items.isEmpty ? ["  (no items)"] : TextBlocks.table(section.items.map(badgeRow), limits: [0: 30])
        }
        return lines
    }

    /// `Milk   1.09/each at Aldi (+1 store)`: the item with its cheapest price as a badge.
    private func badgeRow(_ details: ItemDetails) -> [String] {
        guard let cheapest = details.cheapest, let price = cheapest.current else { return [details.item.name, "no price yet"] }
        let others = details.prices.count - 1
        return [details.item.name, price.unitPrice.comparedText + (price.isPromotion ? " promo" : ""),
                "at \(cheapest.store.name)" + (others > 0 ? " (+\(TextBlocks.plural(others, "store")))" : "")]
    }

    private func renderItem(_ details: ItemDetails, style: RenderStyle) -> [String] {
        var lines = [style.bold(details.item.name) + "  (\(details.category?.name ?? "no category"), sold by \(details.item.unit))"]
        guard !details.prices.isEmpty else {
            return lines + ["  No prices yet. Add one with: " + TextBlocks.phrase(details.item.name.hasPrefix("-") ? "grock item price --store STORE --price PRICE " + TextBlocks.arguments([details.item.name]) : "grock item price " + TextBlocks.shellWord(details.item.name) + " --store STORE --price PRICE")]
        }
        var rows = [["", "Store", "Price", "Normalised", "Seen", ""]]
        for row in details.prices {
            let current = row.current
            rows.append([row.isCheapest ? "*" : "", row.store.name, current.map { $0.unitPrice.description } ?? "expired",
                         row.normalised?.description ?? "-", current?.observedAt.day.description ?? "-",
                         current.map { $0.isPromotion ? "promotion" + ($0.promotionUntil.map { " until \($0)" } ?? "") : "" } ?? ""])
        }
        lines += TextBlocks.table(rows, rightAligned: [2, 3], indent: 0)
        lines.append("* cheapest per \(details.cheapest?.current?.unitPrice.basis.baseUnit ?? details.item.unit.baseUnit) (\(currency.code))")
        return lines
    }

    private func renderHistory(_ details: ItemDetails, style: RenderStyle) -> [String] {
        var lines = [style.bold("Price history of \(details.item.name)") + " (\(currency.code))"]
        guard !history.isEmpty else { return lines + ["  No prices recorded yet."] }
        lines.append("  " + TextBlocks.sparkline(normalisedHistory, style: style)
            + "  per \(history.last?.observation.price.basis.baseUnit ?? details.item.unit.baseUnit), oldest to newest")
        lines += TextBlocks.table(history.map { entry in
            let source = switch entry.observation.source {
            case .manual: entry.observation.isPromotion ? "promotion" : "seen"
            case .trip: "paid"
            }
            return [entry.observation.observedAt.day.description, entry.storeName, entry.observation.price.comparedText, source]
        }, rightAligned: [2])
        return lines
    }
}
