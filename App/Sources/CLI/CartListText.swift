import Presentation
import Terminal

/// Carts as lines of `cart list` and `history`.
enum CartListText {
    static func lines(_ cart: CartRow, _ style: RenderStyle) -> [String] {
        ["\(cart.name)  [\(cart.status.rawValue)]  \(cart.id.prefix(8))  created \(cart.created)  "
            + "planned \(cart.plannedTotal)  spent \(cart.actualTotal)"
            + (cart.budget.map { "  budget \($0)" } ?? "")]
    }
}
