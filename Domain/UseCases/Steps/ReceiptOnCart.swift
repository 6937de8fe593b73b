/// Logs a receipt's decided lines on the cart being shopped, inside `ApplyReceipt`'s write:
/// an item on the cart is logged on its line, a vault item off the cart or a new item is added
/// to it bought, anything else is an impulse buy.
struct ReceiptOnCart {
    /// The name of the impulse line a US receipt's sales tax is logged as.
    static let salesTaxName = "Sales tax"

    let repositories: any Repositories
    let ids: any IdentifierSource
    let now: Timestamp
    let categories: [CategoryID: String]

    /// Logs `decided` on `cart`, at the receipt's store (added when new), dated as the receipt
    /// is, with a US receipt's `addedTax` as one more impulse line; saves the cart.
    /// - Returns: what was logged, with the cautions of rows logged otherwise than decided.
    /// - Throws: what the cart's rules throw (`Cart.logPurchase`, `.add`), and storage errors.
    func log(_ decided: [ApplyReceipt.DecidedRow], addedTax: Money, on cart: Cart, review: ReceiptReview,
             storeName: String) throws -> ApplyReceipt.Logbook {
        var book: ApplyReceipt.Logbook
        if let store = review.store {
            book = ApplyReceipt.Logbook(cart: cart, store: store.id)
        } else {
            let store = Store(id: StoreID(ids.makeIdentifier()), name: storeName, createdAt: now)
            try repositories.save(store)
            book = ApplyReceipt.Logbook(cart: cart, store: store.id, storeAdded: true)
        }
        // Dated as a receipt entered afterwards is (`LogPurchase`): the trip finishes on that day.
        if let date = review.date { try book.cart.date(date) }
        var logged: Set<ItemID> = []
        for entry in decided { try log(entry, logged: &logged, into: &book) }
        if addedTax.minorUnits > 0 {
            let line = CartItem(itemID: ItemID(ids.makeIdentifier()), name: ReceiptOnCart.salesTaxName, categoryName: nil, quantity: .one,
                                unit: .each, isFulfilled: true, actualStore: book.store, actualPrice: addedTax, isImpulse: true)
            try book.cart.addImpulse(line)
            try record(nil, line, kind: .salesTax, into: &book)
        }
        try repositories.save(book.cart)
        return book
    }

    /// Logs one decided row on the book's cart: on the item's line, or added to the cart bought;
    /// as an impulse buy, with a caution, when its item was logged from this receipt already,
    /// its line was bought before, or the row's total cannot be its line's exact cost.
    /// `logged` holds the items logged so far.
    private func log(_ entry: ApplyReceipt.DecidedRow, logged: inout Set<ItemID>, into book: inout ApplyReceipt.Logbook) throws {
        let row = entry.row
        let item: Item?, id: ItemID
        switch entry.decision {
        case .skip: return
        case .impulse:
            try impulse(row, row.itemName, into: &book)
            return
        case .item(let chosen):
            id = chosen
            item = try repositories.item(chosen)
        case .newItem(let category, let name):
            let made = try newItem(row, in: category, named: name)
            if made.isNew { book.itemsAdded += 1 }
            id = made.item.id
            item = made.item
        }
        guard !logged.contains(id) else {
            book.cautions.append(ReceiptCaution(row: row.number, item: item?.name ?? row.itemName, reason: .repeatedItem))
            try impulse(row, item?.name ?? row.itemName, into: &book)
            return
        }
        if let line = book.cart.line(for: id), line.isFulfilled {
            // A second receipt for the cart, or a line ticked by hand: what was logged stays.
            book.cautions.append(ReceiptCaution(row: row.number, item: line.name, reason: .alreadyBought))
            try impulse(row, line.name, into: &book)
            return
        } else if let line = book.cart.line(for: id) {
            guard let (changed, keptPlanned) = exactly(row, on: line, of: book.cart, at: book.store) else {
                book.cautions.append(ReceiptCaution(row: row.number, item: line.name, reason: .inexact))
                try impulse(row, line.name, into: &book)
                return
            }
            if keptPlanned { book.cautions.append(ReceiptCaution(row: row.number, item: line.name, reason: .keptPlannedQuantity)) }
            book.cart = changed
            try record(row, changed.line(for: id), kind: .cartLine, into: &book)
        } else if let item {
            let paid = row.paid
            try book.cart.add(CartItem(itemID: item.id, name: item.name, categoryName: categories[item.categoryID], quantity: paid.quantity,
                                       unit: paid.unit, priceUnit: paid.basis, plannedStore: book.store))
            try book.cart.logPurchase(item.id, price: paid.price, store: book.store, quantity: nil)
            if case .newItem = entry.decision {
                try record(row, book.cart.line(for: item.id), kind: .newItem, into: &book)
            } else {
                try record(row, book.cart.line(for: item.id), kind: .vaultItem, into: &book)
            }
        }
        logged.insert(id)
    }

    /// The cart logged with the row on `line` so that the line costs the row's net total: at
    /// the receipt's quantity and price when its quantity can be put in the line's unit, else
    /// at the planned quantity priced per pack of it (`keptPlanned`); nil when neither is exact.
    private func exactly(_ row: ReceiptReviewRow, on line: CartItem, of cart: Cart, at store: StoreID) -> (cart: Cart, keptPlanned: Bool)? {
        let paid = row.paid, net = row.line.netTotal
        // A nil quantity: the line's own, after `logPurchase` re-expressed it in the new unit.
        var attempts: [(quantity: Quantity?, basis: PriceUnit, price: Money, keptPlanned: Bool)] = []
        let lineUnit = line.measure(of: line.unit)
        // Packs on a line of packs (a pack of 500 g bought where one of 250 g was planned): the
        // line holds what was bought, priced per the receipt's pack.
        if line.unit == .pack, paid.unit == .pack, paid.basis.pack != nil {
            attempts.append((paid.quantity, paid.basis, paid.price, false))
        }
        if let quantity = paid.quantity.converted(from: paid.measure, to: lineUnit) {
            attempts.append((quantity, paid.basis, paid.price, false))
        }
        // A size the line's item is not counted by (`Milch 1,5% 1L` for milk bought by the
        // carton): each pack is one of the line's.
        if paid.unit == .pack, lineUnit == PriceUnit(.each), line.unit == .each {
            attempts.append((paid.quantity, PriceUnit(.each), paid.price, false))
        }
        // A weight that is no whole number of thousandths in the line's unit (1.20 lb in g):
        // the nearest thousandth, priced per pack of it, costs exactly the receipt's total and
        // keeps the price per kg right.
        if let quantity = paid.quantity.nearestConversion(from: paid.measure, to: lineUnit), let contents = line.contents(of: quantity) {
            attempts.append((quantity, PriceUnit(pack: contents), net, false))
        }
        if let contents = line.contents(of: line.quantity) { attempts.append((nil, PriceUnit(pack: contents), net, true)) }
        // An attempt the cart refuses or whose cost overflows is only a reading that does not
        // fit: the next one is tried, and none fitting is the answer (nil), not an error.
        for attempt in attempts {
            var trial = cart
            guard (try? trial.logPurchase(line.itemID, price: attempt.price, store: store, quantity: attempt.quantity,
                                          priceUnit: attempt.basis)) != nil,
                  (try? trial.line(for: line.itemID)?.actualCost()) == net else { continue }
            return (trial, attempt.keptPlanned)
        }
        return nil
    }

    /// A vault item for a line decided new: the item of that name when there is one already.
    private func newItem(_ row: ReceiptReviewRow, in category: CategoryID, named given: String?) throws -> (item: Item, isNew: Bool) {
        let name = given ?? row.itemName
        if let known = try repositories.itemNames(withKey: Name.key(name)).first, let item = try repositories.item(known.id) {
            return (item, false)
        }
        let item = Item(id: ItemID(ids.makeIdentifier()), name: name, categoryID: category, unit: row.paid.unit)
        try repositories.save(item)
        return (item, true)
    }

    private func impulse(_ row: ReceiptReviewRow, _ name: String, into book: inout ApplyReceipt.Logbook) throws {
        let paid = row.paid
        let line = CartItem(itemID: ItemID(ids.makeIdentifier()), name: name, categoryName: nil, quantity: paid.quantity, unit: paid.unit,
                            priceUnit: paid.basis, isFulfilled: true, actualStore: book.store, actualPrice: paid.price, isImpulse: true)
        try book.cart.addImpulse(line)
        try record(row, line, kind: .impulse, into: &book)
    }

    private func record(_ row: ReceiptReviewRow?, _ line: CartItem?, kind: ReceiptLoggedLine.Kind,
                        into book: inout ApplyReceipt.Logbook) throws {
        guard let line else { return }
        let currency = book.cart.currency
        book.lines.append(ReceiptLoggedLine(row: row?.number, kind: kind, item: line.itemID, name: line.name,
                                            quantity: line.purchasedQuantity ?? line.quantity,
                                            unit: line.unit, basis: line.priceUnit, price: line.actualPrice ?? .zero(currency),
                                            cost: try line.actualCost() ?? .zero(currency)))
    }
}
