/// What is done with a receipt line, as `ReceiptDecisionDocument.decision` holds it, so a front
/// switches over the cases rather than over text. The raw value is what the JSON writes and what
/// `receipt.apply` takes.
public enum ReceiptDecisionKind: String, Sendable, Hashable, CaseIterable, Encodable {
    /// Logged as the item `ReceiptDecisionDocument.item` names.
    case item
    /// Logged as a new vault item in `ReceiptDecisionDocument.category`.
    case newItem
    /// Logged as an impulse buy: on this cart only, never in the vault.
    case impulse
    /// Not logged.
    case skip
}
