import Domain

/// The lines of one item on one cart, as its sync part holds them (`SyncParts.linePart`): one
/// line, the common case, held without an array of its own (a join reads 100,000 of them), or
/// several (a trip that bought the item twice), in the cart's order.
struct ItemLines: RandomAccessCollection {
    let head: CartItem
    let more: [CartItem]

    var startIndex: Int { 0 }
    var endIndex: Int { more.count + 1 }
    subscript(position: Int) -> CartItem { position == 0 ? head : more[position - 1] }
}
