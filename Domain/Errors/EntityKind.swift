/// What a person's reference (a name, an id or a prefix of one) can fail to name, or name too
/// many of: typed, so a front tells "no such cart" from "no such item" without reading words.
public enum EntityKind: Sendable, Hashable, CustomStringConvertible {
    case cart
    case item
    case store
    case category
    /// A line of the cart named `onCart`, found by its item's name or id.
    case line(onCart: String)

    /// The words a message names it with: `cart`, `item on cart "Weekly"`.
    public var description: String {
        switch self {
        case .cart: "cart"
        case .item: "item"
        case .store: "store"
        case .category: "category"
        case .line(let cart): "item on cart \"\(cart)\""
        }
    }
}
