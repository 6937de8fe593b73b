/// A price and what it is per (`each`, `kg`, `pack of 2 each`).
public struct ReceiptPriceDocument: Encodable, Sendable, Hashable {
    /// The amount, as a decimal string in the receipt's currency.
    public let price: String
    /// What `price` buys: a unit (`each`, `kg`) or a pack with what it holds.
    public let per: String

    /// A price from its decimal string and what it is per, as the document writes them.
    public init(price: String, per: String) {
        self.price = price
        self.per = per
    }
}
