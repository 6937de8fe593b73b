import Presentation

// `grock store`: `StoresViewModel`'s stores and aisle orders as text.

extension StoresViewModel {
    /// The stores, or one store's aisle order, drawn from `documents` and `aislesDocument`.
    public func render(_ style: RenderStyle = .plain) -> String {
        var lines = errorLine(style)
        if let aisles = aislesDocument {
            lines.append(style.bold("Aisles of \(aisles.store)") + " (walking order)")
            lines += TextBlocks.table(aisles.aisles.enumerated().map { index, category in
                ["\(index + 1).", category, aisles.defaultOrder.contains(category) ? "(default order)" : ""]
            }, rightAligned: [0])
            return TextBlocks.fit(lines, width: style.width)
        }
        lines.append(style.bold("Stores"))
        if documents.isEmpty { lines.append("  No stores yet - add one with: grock store add NAME") }
        lines += TextBlocks.table(documents.map { [$0.name, "added \($0.created)"] })
        return TextBlocks.fit(lines, width: style.width)
    }
}
