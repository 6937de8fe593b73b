/// What a receipt is to be read against: its text and, optionally, the cart being shopped, the
/// store and the day, as a person gives them.
public struct ReceiptRequest: Sendable, Hashable {
    /// The receipt's text, as `ReceiptParser.parse(text:assuming:)` reads it: a front that reads
    /// a file decodes its bytes first (the command line's `ReceiptInput`).
    public var text: String
    /// The shopping cart the receipt is for (name or id); nil: the receipt is a trip of its own.
    public var cart: String?
    /// The store (name or id); nil: the one the receipt's header names.
    public var store: String?
    /// When the purchase happened, as typed (`Timestamp(happened:now:)`); nil: the receipt's date.
    public var date: String?

    /// A request for a receipt's text, read from a file or pasted.
    public init(text: String, cart: String? = nil, store: String? = nil, date: String? = nil) {
        self.text = text
        self.cart = cart
        self.store = store
        self.date = date
    }
}
