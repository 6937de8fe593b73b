import Presentation

// `grock store`: the stores, or one store's aisle order, as text.

/// The stores screen, drawn from values alone.
public enum StoresScreen {
    /// `aisles`' walking order when there is one, else the stores; the last intent's `error` above.
    public static func render(_ stores: [StoreDocument], aisles: AislesDocument? = nil, error: String? = nil,
                              style: RenderStyle = .plain) -> String {
        var lines = ProblemLines.error(error, style)
        if let aisles {
            lines.append(style.bold("Aisles of \(aisles.store)") + " (walking order)")
            lines += TextBlocks.table(aisles.aisles.enumerated().map { index, category in
                ["\(index + 1).", category, aisles.defaultOrder.contains(category) ? "(default order)" : ""]
            }, rightAligned: [0])
            return TextBlocks.fit(lines, width: style.width)
        }
        lines.append(style.bold("Stores"))
        if stores.isEmpty { lines.append("  No stores yet - add one with: " + Hints.addStore) }
        lines += TextBlocks.table(stores.map { [$0.name, "added \($0.created)"] })
        return TextBlocks.fit(lines, width: style.width)
    }
}
