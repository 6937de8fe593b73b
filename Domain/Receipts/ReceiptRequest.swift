/// What a receipt is to be read against: its text and, optionally, the cart being shopped, the
/// store and the day, as a person gives them.
public struct ReceiptRequest: Sendable, Hashable {
    /// The receipt's bytes (UTF-8 text, as `ReceiptParser.parse(_:assuming:)` reads them).
    public var bytes: [UInt8]
    /// The shopping cart the receipt is for (name or id); nil: the receipt is a trip of its own.
    public var cart: String?
    /// The store (name or id); nil: the one the receipt's header names.
    public var store: String?
    /// When the purchase happened, as typed (`Timestamp(happened:now:)`); nil: the receipt's date.
    public var date: String?

    /// A request for a receipt's bytes, as read from a file.
    public init(bytes: [UInt8], cart: String? = nil, store: String? = nil, date: String? = nil) {
        self.bytes = bytes
        self.cart = cart
        self.store = store
        self.date = date
    }

    /// A request for a receipt's text, such as one pasted.
    public init(text: String, cart: String? = nil, store: String? = nil, date: String? = nil) {
        self.init(bytes: Array(text.utf8), cart: cart, store: store, date: date)
    }
}
