import Presentation

extension ShoppingModeViewModel {
    /// The screen as `ShopScreen` draws it, with the last intent's error and warnings.
    public func render(_ style: RenderStyle = .plain) -> String {
        ShopScreen.render(document, figures: figures, error: errorMessage, warnings: warnings.map(\.text), style: style)
    }

    /// What leaving says, as `ShopScreen.farewell` draws it for the cart shown.
    public func farewell(_ style: RenderStyle = .plain) -> String {
        ShopScreen.farewell(cart: document.cart?.name, style: style)
    }
}
