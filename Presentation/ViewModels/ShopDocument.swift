/// Shop mode as data: the cart's figures, the numbered lines by store, what the session waits
/// on, and, once finished, what the trip came to.
public struct ShopDocument: Encodable, Sendable, Hashable {
    /// The cart with its totals; nil before the session began.
    public let cart: CartRow?
    public let sections: [ShoppingModeViewModel.Section]
    /// The question to answer with `confirm()` or `decline()` before anything else.
    public let pendingConfirmation: ShoppingModeViewModel.Confirmation?
    /// What the last intent did, in a sentence.
    public let notice: String?
    public let isShowingHelp: Bool
    public let isFinished: Bool
    public let summary: TripOutcome?
}

extension ShoppingModeViewModel {
    /// The session's state as data.
    public var document: ShopDocument {
        ShopDocument(cart: figures.map(CartRow.init), sections: sections, pendingConfirmation: pendingConfirmation, notice: notice,
                  isShowingHelp: isShowingHelp, isFinished: isFinished, summary: summary)
    }
}
