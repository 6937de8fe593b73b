import Presentation
import Terminal

/// Carts as lines of `cart list` and `history`.
enum CartListText {
    static func lines(_ figures: CartFigures, _ style: RenderStyle) -> [String] {
        let cart = figures.cart
        return ["\(cart.name)  [\(cart.status.rawValue)]  \(cart.id.rawValue.prefix(8))  created \(cart.createdAt.day)  "
            + "planned \(figures.planned.amountText)  spent \(figures.actual.amountText)"
            + (cart.budget.map { "  budget \($0.amountText)" } ?? "")]
    }
}
