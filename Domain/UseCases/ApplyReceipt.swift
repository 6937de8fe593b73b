/// Logs a receipt as one change (one undo step): on the cart being shopped, or as a completed
/// trip of its own.
///
/// The lines logged cost exactly the receipt's net line totals (`ReceiptLinePrice`); when
/// they do not come to the receipt's stated total (a line skipped, misread, or a refund, which
/// cannot be logged) the receipt is refused unless the difference is accepted. Every line
/// decided as an item teaches the store that its receipts call the item so (`Store.receiptNames`).
/// Prices enter the vault as any trip's do: when the trip finishes, never over a newer price.
public struct ApplyReceipt: Sendable {
    let storage: any Storage
    let clock: any Clock
    let ids: any IdentifierSource

    /// Usually reached as `UseCases.applyReceipt`; `clock` dates a receipt that prints no date,
    /// `ids` names the stores, items, lines and trips it adds.
    public init(storage: any Storage, clock: any Clock, ids: any IdentifierSource) {
        self.storage = storage
        self.clock = clock
        self.ids = ids
    }

    /// Logs the receipt `request` holds, each row as decided (or as suggested).
    /// - Parameters:
    ///   - decisions: by row number (`ReceiptReviewRow.number`); a row not given takes its
    ///     suggestion.
    ///   - acceptDifference: log the receipt even when the lines logged do not come to its
    ///     stated total.
    ///   - dryRun: work it all out and say what would be logged, storing nothing.
    /// - Returns: what was logged, on which cart, and what looks wrong about the prices paid.
    /// - Throws: what `ReviewReceipt` throws; `ReceiptRefusal.doesNotAddUp`, `.noSuchRow`,
    ///   `.noStore`, `.alreadyInHistory`, `.nothingToLog`; `DomainError.notFound` for a decision's item or
    ///   category. Nothing is stored.
    ///   Also `ReceiptRefusal.noTotal` without a readable stated total unless
    ///   `acceptDifference`; `.dateUnreadable` when no date is given and the printed one is
    ///   impossible; `DomainError.invalidName` for a new item's name with spaces around it.
    public func callAsFunction(_ request: ReceiptRequest, decisions: [Int: ReceiptDecision] = [:], acceptDifference: Bool = false,
                               dryRun: Bool = false) async throws -> ReceiptOutcome {
        let now = clock.now()
        // Parsed and matched outside the lock (it may take seconds); inside, the parse and the
        // matches stand when the data is alike, else (changed meanwhile, rarely) they are redone.
        let matched = try await storage.read { try ReceiptReviewer(request, in: $0) }.review(request, now: now).matching
        // A read's changes are never stored: the dry run makes them all, and reports them.
        if dryRun {
            return try await storage.read {
                try applying(request, decisions, acceptDifference: acceptDifference, isDryRun: true, matched: matched, in: $0, now: now)
            }
        }
        return try await storage.write { repositories in
            let outcome = try applying(request, decisions, acceptDifference: acceptDifference, isDryRun: false, matched: matched,
                                       in: repositories, now: now)
            return Change(outcome, summary: outcome.summary)
        }
    }

    /// A receipt row with the decision taken for it.
    struct DecidedRow {
        let row: ReceiptReviewRow
        let decision: ReceiptDecision
    }

    /// What logging the lines made, whichever way.
    struct Logbook {
        var cart: Cart
        var store: StoreID
        var storeAdded = false
        var lines: [ReceiptLoggedLine] = []
        var cautions: [ReceiptCaution] = []
        var itemsAdded = 0
    }

    /// - Parameter matched: the receipt as parsed and matched before the lock was taken.
    private func applying(_ request: ReceiptRequest, _ decisions: [Int: ReceiptDecision], acceptDifference: Bool, isDryRun: Bool,
                          matched: ReceiptReviewer.Matching, in repositories: any Repositories, now: Timestamp) throws -> ReceiptOutcome {
        let review = try ReceiptReviewer(request, in: repositories).review(request, now: now, reusing: matched).review
        let receipt = review.receipt
        // Compared, not a range: `1...count` would trap on a review of no rows.
        if let bad = decisions.keys.sorted().first(where: { $0 < 1 || $0 > review.rows.count }) {
            throw ReceiptRefusal.noSuchRow(bad, count: review.rows.count)
        }
        let (decided, skipped, refunds) = Self.sorted(review.rows, decisions)
        guard !decided.isEmpty || receipt.addedTax.minorUnits > 0 else { throw ReceiptRefusal.nothingToLog }
        let loggedTotal = try decided.reduce(receipt.addedTax) { try $0.adding($1.row.line.netTotal) }
        // The total is what shows that no line was missed: without one, the person says so.
        guard (receipt.statedTotal != nil && receipt.totalUnreadable.isEmpty) || acceptDifference else { throw ReceiptRefusal.noTotal }
        if let stated = receipt.statedTotal, stated != loggedTotal, !acceptDifference {
            let names = { (numbers: [Int]) in numbers.map { review.rows[$0 - 1].line.name } }
            throw ReceiptRefusal.doesNotAddUp(stated: stated, logged: loggedTotal, difference: try stated.subtracting(loggedTotal),
                                              skipped: names(skipped), refunds: names(refunds))
        }
        guard let storeName = review.storeName else { throw ReceiptRefusal.noStore }
        if review.date == nil, let line = receipt.unparsedReasons.filter({ $0.value == .impossibleDate }).keys.min() {
            throw ReceiptRefusal.dateUnreadable(line: line)
        }
        let categories = Dictionary(firstByKey: try repositories.allCategories().map { ($0.id, $0.name) })
        try Self.check(decided, categories: categories, cart: review.cart, in: repositories)
        let book = if let cart = review.cart {
            try ReceiptOnCart(repositories: repositories, ids: ids, now: now, categories: categories)
                .log(decided, addedTax: receipt.addedTax, on: cart, review: review, storeName: storeName)
        } else {
            try logAsTrip(decided, addedTax: receipt.addedTax, review: review, storeName: storeName, categories: categories,
                          in: repositories, now: now)
        }
        // A price far from the last one there says so, as a price typed by hand does (one egg
        // logged at a box's price is a slip worth a warning).
        var cautions = book.cautions
        for entry in decided {
            guard case .item = entry.decision, let last = entry.row.lastPrice?.last,
                  PriceCheck.isJump(from: last, to: UnitPrice(entry.row.paid.price, per: entry.row.paid.basis)) else { continue }
            cautions.append(ReceiptCaution(row: entry.row.number, item: entry.row.line.name, reason: .priceJump))
        }
        let learned = try learnNames(decided, book.lines, at: book.store, in: repositories)
        let lines = Wording.counted(book.lines.count, "line")
        let verb = isDryRun ? "would log" : "logged"
        let summary = review.cart.map { "\(verb) receipt of \(storeName) on \($0.name), \(lines)" }
            ?? "\(verb) receipt of \(storeName), \(lines)"
        return ReceiptOutcome(cart: book.cart, storeName: storeName, storeAdded: book.storeAdded, logged: book.lines, skipped: skipped,
                              refunds: refunds,
                              loggedTotal: loggedTotal, statedTotal: receipt.statedTotal, learnedNames: learned,
                              itemsAdded: book.itemsAdded, cautions: cautions, isDryRun: isDryRun, summary: summary)
    }

    /// The rows as decided (by `decisions`, or as suggested): the rows to log, the numbers of
    /// those skipped and of the refunds, which are never logged.
    private static func sorted(_ rows: [ReceiptReviewRow],
                               _ decisions: [Int: ReceiptDecision]) -> (decided: [DecidedRow], skipped: [Int], refunds: [Int]) {
        var decided: [DecidedRow] = [], skipped: [Int] = [], refunds: [Int] = []
        for row in rows {
            let decision = decisions[row.number] ?? row.suggestion
            if row.isRefund {
                refunds.append(row.number)
            } else if decision == .skip {
                skipped.append(row.number)
            } else {
                decided.append(DecidedRow(row: row, decision: decision))
            }
        }
        return (decided, skipped, refunds)
    }

    /// Refuses a decision naming what does not exist: a category not in `categories`, an item
    /// neither in the vault nor on `cart`, or a new item's name with spaces around it.
    /// - Throws: `DomainError.notFound`, `.invalidName`.
    private static func check(_ decided: [DecidedRow], categories: [CategoryID: String], cart: Cart?,
                              in repositories: any Repositories) throws {
        for entry in decided {
            switch entry.decision {
            case .newItem(let category, _) where categories[category] == nil:
                throw DomainError.notFound(kind: .category, name: category.rawValue, suggestion: nil)
            case .newItem(_, let name?) where try Name.validated(name, kind: "item") != name:
                throw DomainError.invalidName(kind: "item", name: name, reason: "it has spaces around it")
            case .item(let item) where try repositories.item(item) == nil && cart?.line(for: item) == nil:
                throw DomainError.notFound(kind: .item, name: item.rawValue, suggestion: nil)
            default: break
            }
        }
    }

    /// A completed trip of the receipt's day at its store, made as importing its rows would
    /// (stores and items made when new, the vault's prices under the same rules).
    private func logAsTrip(_ decided: [DecidedRow], addedTax: Money, review: ReceiptReview, storeName: String,
                           categories: [CategoryID: String], in repositories: any Repositories, now: Timestamp) throws -> Logbook {
        let day = (review.date ?? now).day
        var importer = try PurchaseImporter(repositories, ids: ids, offset: now.utcOffsetSeconds)
        importer.time = review.date
        // The printed time tells most receipts of one store and day apart. A trip of that name
        // holding every line is this receipt logged before; one holding only some is another
        // shop there (a receipt without a time, or two at one minute), logged as the next trip.
        let time = review.receipt.date.flatMap { $0.day == day ? $0.timeText : nil }.map { " " + $0 } ?? ""
        var trip = ""
        var rows: (purchases: [Purchase], kinds: [(row: Int?, kind: ReceiptLoggedLine.Kind)]) = ([], [])
        for number in 1... {
            let suffix = time + (number == 1 ? "" : " \(number)")
            trip = "\(Name.prefix(of: storeName, reserving: 8 + suffix.count)) receipt\(suffix)"
            rows = try purchases(decided, addedTax: addedTax, trip: trip, day: day, storeName: storeName, categories: categories,
                                 in: repositories)
            guard try importer.holdsTrip(named: trip, on: day) else { break }
            if try importer.holdsEvery(rows.purchases) { throw ReceiptRefusal.alreadyInHistory(trip: trip, day: day) }
        }
        try importer.run(rows.purchases)
        guard let cart = importer.madeCarts.first, let store = importer.stores[Name.key(storeName)] else {
            throw ReceiptRefusal.alreadyInHistory(trip: trip, day: day)
        }
        var book = Logbook(cart: cart, store: store.id, storeAdded: importer.summary.storesAdded > 0,
                           itemsAdded: importer.summary.itemsAdded)
        for (line, origin) in zip(cart.lines, rows.kinds) {
            book.lines.append(ReceiptLoggedLine(row: origin.row, kind: origin.kind, item: line.itemID, name: line.name,
                                                quantity: line.quantity, unit: line.unit,
                                                basis: line.priceUnit, price: line.actualPrice ?? .zero(cart.currency),
                                                cost: try line.actualCost() ?? .zero(cart.currency)))
        }
        return book
    }

    /// The receipt's decided lines, and the sales tax added on top, as rows of `trip` on `day`,
    /// each with the receipt row it comes from and how it is logged.
    private func purchases(_ decided: [DecidedRow], addedTax: Money, trip: String, day: Day, storeName: String,
                           categories: [CategoryID: String], in repositories: any Repositories)
        throws -> (purchases: [Purchase], kinds: [(row: Int?, kind: ReceiptLoggedLine.Kind)]) {
        var rows: [Purchase] = []
        var kinds: [(row: Int?, kind: ReceiptLoggedLine.Kind)] = []
        for entry in decided {
            let paid = entry.row.paid
            var vaultItem: Item?
            if case .item(let id) = entry.decision { vaultItem = try repositories.item(id) }
            let (category, name, kind): (String, String, ReceiptLoggedLine.Kind) = switch entry.decision {
            case .item:
                vaultItem.map { (categories[$0.categoryID] ?? "", $0.name, .vaultItem) } ?? ("", entry.row.itemName, .impulse)
            case .newItem(let category, let name): (categories[category] ?? "", name ?? entry.row.itemName, .newItem)
            case .impulse, .skip: ("", entry.row.itemName, .impulse)
            }
            // A size a vault item sold by the piece is not counted by (`Milch 1L`, `BREAD 800G`):
            // each pack is one piece at the price paid, as on a cart, so the store's price stays
            // per each and comparable (per litre, plans could not compare it and lost it).
            var (unit, basis) = (paid.unit, paid.basis)
            // A box of pieces (`Eier 10 Stk`) stays a box: ten eggs are not one.
            if paid.unit == .pack, paid.basis.pack.map({ $0.unit != .each }) == true, vaultItem?.unit == .each {
                (unit, basis) = (.each, PriceUnit(.each))
            }
            rows.append(Purchase(date: day, trip: trip, store: storeName, category: category, item: name, quantity: paid.quantity,
                                 unit: unit, basis: basis, price: paid.price, sourceLine: entry.row.line.sourceLines.first))
            kinds.append((entry.row.number, kind))
        }
        if addedTax.minorUnits > 0 {
            rows.append(Purchase(date: day, trip: trip, store: storeName, category: "", item: ReceiptOnCart.salesTaxName, quantity: .one,
                                 unit: .each, price: addedTax))
            kinds.append((nil, .salesTax))
        }
        return (rows, kinds)
    }

    /// Teaches the store the receipt's name of every line logged as a vault item, unless it
    /// knew it as that item already.
    /// - Returns: how many names it learned.
    private func learnNames(_ decided: [DecidedRow], _ logged: [ReceiptLoggedLine], at storeID: StoreID,
                            in repositories: any Repositories) throws -> Int {
        guard var store = try repositories.allStores().first(where: { $0.id == storeID }) else { return 0 }
        let rows = Dictionary(firstByKey: decided.map { ($0.row.number, $0.row) })
        var learned = 0
        for line in logged where line.kind != .impulse && line.kind != .salesTax {
            guard let number = line.row, let row = rows[number], try repositories.item(line.item) != nil else { continue }
            let key = ReceiptAliases.key(row.line.name)
            guard !key.isEmpty, store.receiptNames[key] != line.item else { continue }
            store.receiptNames[key] = line.item
            learned += 1
        }
        if learned > 0 { try repositories.save(store) }
        return learned
    }
}

extension ReceiptReviewRow {
    /// The receipt's name for the line as an item's name: cut to the longest name, or the
    /// row's number when the receipt's is none Grock can take.
    var itemName: String {
        // The error says why the name is refused; the row's number is the answer either way.
        (try? Name.validated(String(Name.prefix(of: line.name)), kind: "item")) ?? "Receipt line \(number)"
    }
}
