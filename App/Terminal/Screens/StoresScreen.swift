import Domain
import Presentation

extension StoresViewModel {
    /// The stores, or one store's aisle order.
    public func render(_ style: RenderStyle = .plain) -> String {
        var lines = errorLine(style)
        if let aisles {
            lines.append(style.bold("Aisles of \(aisles.store.name)") + " (walking order)")
            lines += TextBlocks.table(aisles.order.enumerated().map { index, category in
                ["\(index + 1).", category.name, aisles.store.aisleOrder.contains(category.id) ? "" : "(default order)"]
            }, rightAligned: [0])
            return TextBlocks.fit(lines, width: style.width)
        }
        lines.append(style.bold("Stores"))
        if stores.isEmpty { lines.append("  No stores yet - add one with: grock store add NAME") }
        lines += TextBlocks.table(stores.map { [$0.name, "added \($0.createdAt.day)"] })
        return TextBlocks.fit(lines, width: style.width)
    }
}
