import Presentation

extension CartDetailViewModel {
    /// The cart as `CartScreen` draws it, with the last intent's error; the error alone before
    /// the cart is read.
    public func render(_ style: RenderStyle = .plain) -> String {
        guard let document, let figures else { return ProblemLines.only(errorMessage, style) }
        return CartScreen.render(document, figures: figures, storeProgress: storeProgress, unpriced: unpricedItems,
                                 error: errorMessage, style: style)
    }
}
