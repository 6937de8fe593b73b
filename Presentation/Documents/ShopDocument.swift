/// Shop mode as data: the cart's figures, the numbered lines by store, what the session waits
/// on, and, once finished, what the trip came to.
public struct ShopDocument: Encodable, Sendable, Hashable {
    /// The cart with its totals; nil before the session began.
    public let cart: CartRow?
    /// The numbered lines, store by store (`ShoppingModeViewModel.sections`); empty before the
    /// session began.
    public let sections: [ShoppingModeViewModel.Section]
    /// The question to answer with `confirm()` or `decline()` before anything else.
    public let pendingConfirmation: ShoppingModeViewModel.Confirmation?
    /// What the last intent did, in a sentence.
    public let notice: String?
    /// Whether to show how to drive the session (set by `help()` until the next intent).
    public let isShowingHelp: Bool
    /// Whether the trip was finished this session: show `summary` instead of the list.
    public let isFinished: Bool
    /// What the finished trip came to; nil until then, or when it cannot be shown.
    public let summary: TripOutcome?
}

extension ShoppingModeViewModel {
    /// The session's state as data.
    public var document: ShopDocument {
        ShopDocument(cart: figures.map(CartRow.init), sections: sections, pendingConfirmation: pendingConfirmation, notice: notice,
                  isShowingHelp: isShowingHelp, isFinished: isFinished, summary: summary)
    }
}
