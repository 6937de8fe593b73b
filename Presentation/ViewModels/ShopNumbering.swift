import Domain

/// The numbers a shopping session gives its lines: store and aisle order at its start, then
/// each line added since with the next number. A number is kept for the whole session, and a
/// line that goes away keeps its slot, so no number is ever given to another line while the
/// person shops by them.
struct ShopNumbering {
    /// A numbered line: number n is `slots[n - 1]`.
    private struct Slot {
        let item: ItemID
        var name: String
        /// The store it is listed under: where it was when first numbered. A line ticked at
        /// another store stays where the person saw it.
        let store: StoreID?
    }

    private var slots: [Slot] = []
    private var numbers: [ItemID: Int] = [:]
    /// The order of the stores on screen, fixed for the session; no store (nil) comes last.
    private var storeOrder: [StoreID?] = []

    /// Takes in the cart as it is now: lines already numbered keep their numbers (and names
    /// follow renames); new ones get the next numbers, in shopping order.
    mutating func number(_ details: CartDetails) {
        for group in details.groups {
            let store = group.store?.id
            for line in group.lines {
                if let number = numbers[line.itemID] {
                    slots[number - 1].name = line.name
                    continue
                }
                if !storeOrder.contains(store) {
                    // A store met during the trip goes before no store, which stays last.
                    storeOrder.insert(store, at: store == nil ? storeOrder.count : storeOrder.firstIndex(of: nil) ?? storeOrder.count)
                }
                slots.append(Slot(item: line.itemID, name: line.name, store: store))
                numbers[line.itemID] = slots.count
            }
        }
    }

    /// The lines of `details` by store, as numbered.
    func sections(of details: CartDetails) -> [ShoppingModeViewModel.Section] {
        let lines = Dictionary(details.cart.lines.map { ($0.itemID, $0) }) { first, _ in first }
        return storeOrder.compactMap { store in
            let rows = slots.indices.compactMap { index -> ShoppingModeViewModel.Row? in
                guard slots[index].store == store, let line = lines[slots[index].item] else { return nil }
                return ShoppingModeViewModel.Row(number: index + 1, line: line)
            }
            return rows.isEmpty ? nil : ShoppingModeViewModel.Section(store: store.flatMap(details.storeName), rows: rows)
        }
    }

    /// The line numbered `number` on `cart`.
    /// - Throws: `DomainError.invalidPosition` for a number never given; `ShopError` for the
    ///   number of a line that has gone.
    func line(numbered number: Int, on cart: Cart?) throws -> CartItem {
        guard number >= 1, number <= slots.count else { throw DomainError.invalidPosition(number, count: slots.count) }
        let slot = slots[number - 1]
        guard let line = cart?.line(for: slot.item) else { throw ShopError.lineGone(number: number, name: slot.name) }
        return line
    }
}
