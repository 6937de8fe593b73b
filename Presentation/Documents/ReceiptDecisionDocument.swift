import Domain

/// What is done with a receipt line: `item` (with its id and name), `newItem` (with its
/// category), `impulse` or `skip`.
public struct ReceiptDecisionDocument: Encodable, Sendable, Hashable {
    /// Item, newItem, impulse or skip; written as its raw value.
    public let decision: ReceiptDecisionKind
    /// The item's id, for `item`; nil otherwise.
    public let item: String?
    /// The item's name for `item`, the name the new item gets for `newItem` (nil: the receipt's);
    /// nil for `impulse` and `skip`.
    public let itemName: String?
    /// The new item's category name, for `newItem`; nil otherwise.
    public let category: String?

    init(_ decision: ReceiptDecision, itemNames: [ItemID: String], categories: [CategoryID: String]) {
        switch decision {
        case .item(let id): (self.decision, item, itemName, category) = (.item, id.rawValue, itemNames[id], nil)
        case .newItem(let id, let name): (self.decision, item, itemName, category) = (.newItem, nil, name, categories[id] ?? id.rawValue)
        case .impulse: (self.decision, item, itemName, category) = (.impulse, nil, nil, nil)
        case .skip: (self.decision, item, itemName, category) = (.skip, nil, nil, nil)
        }
    }
}
