import Domain

/// The lines of one item on one cart, as its sync part holds them (`SyncParts.linePart`): one
/// line, the common case, held without an array of its own (a join reads 100,000 of them), or
/// several (a trip that bought the item twice), in the cart's order.
struct ItemLines: RandomAccessCollection {
    let head: CartItem
    private(set) var more: [CartItem]

    init(head: CartItem, more: [CartItem]) {
        self.head = head
        self.more = more
    }

    /// One line.
    init(_ line: CartItem) { self.init(head: line, more: []) }

    /// Adds `line` after these (in place: a trip of thousands of rows of one item stays linear).
    mutating func append(_ line: CartItem) { more.append(line) }

    var startIndex: Int { 0 }
    var endIndex: Int { more.count + 1 }
    subscript(position: Int) -> CartItem { position == 0 ? head : more[position - 1] }
}
