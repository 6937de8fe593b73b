/// An item a receipt line may be.
public struct ReceiptCandidateDocument: Encodable, Sendable, Hashable {
    /// The item's id: what a `.item` decision names.
    public let item: String
    /// The item's name as the vault (or the cart line) has it.
    public let name: String
    /// How well the receipt's name fits it, 0 to 100 (100 for a name the store's receipts are known
    /// to use).
    public let score: Int
    /// Whether the item is on the cart being shopped.
    public let onCart: Bool
}
