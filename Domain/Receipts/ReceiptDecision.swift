/// What to do with one line of a receipt.
public enum ReceiptDecision: Sendable, Hashable {
    /// It is this item (of the vault, or a line of the cart).
    case item(ItemID)
    /// A new item of the vault in this category, named `name` (checked like a typed name), else
    /// as the receipt names it (`Trauben hell kernlos 500g`).
    case newItem(category: CategoryID, name: String? = nil)
    /// Bought on impulse: logged on the trip, kept out of the vault.
    case impulse
    /// Not logged at all.
    case skip
}
