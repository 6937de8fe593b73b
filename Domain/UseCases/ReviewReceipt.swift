/// Reads a receipt and matches its lines to the user's items, storing nothing: what a person
/// checks before the receipt is logged (`ApplyReceipt`).
public struct ReviewReceipt: Sendable {
    let storage: any Storage
    let clock: any Clock

    /// Usually reached as `UseCases.reviewReceipt`; `clock` is what a date is checked against.
    public init(storage: any Storage, clock: any Clock) {
        self.storage = storage
        self.clock = clock
    }

    /// Parses `request`'s receipt and suggests, row by row, the item or line it is.
    /// - Throws: `ReceiptError` for text that is no receipt; `ReceiptRefusal.foreignCurrency`;
    ///   `DomainError.notAllowed` for a cart not being shopped, `.notFound` for a cart not
    ///   found, `.invalidDate` / `.futureDate` for the date.
    ///   Also `.ambiguous` for a cart or store named several ways, `.pastDate` for a typed date
    ///   before 1990, and `.invalidName` for a new store's name.
    public func callAsFunction(_ request: ReceiptRequest) async throws -> ReceiptReview {
        let now = clock.now()
        // Parsing and matching may take seconds (a long receipt, a large vault): only reading
        // the data holds the lock.
        let reviewer = try await storage.read { try ReceiptReviewer(request, in: $0) }
        return try reviewer.review(request, now: now).review
    }
}

/// What a receipt is reviewed against, as one read or write found the data: the settings'
/// currency, the cart and store the request names, the vault and its names as the matcher's
/// words. Reading it is cheap (O(items)); parsing the receipt and matching its lines are not,
/// and run on it after the storage's lock is released. `ApplyReceipt` reads it again inside the
/// write that logs the receipt (so that what is logged is what the data says at that moment)
/// and reuses the parse and the matches made outside where they hold for what it reads
/// (`Matching`).
struct ReceiptReviewer: Sendable {
    /// A receipt as parsed and matched, and what against: compared, not redone, by a later
    /// reviewer of the same request.
    struct Matching: Sendable {
        let currency: Currency
        let receipt: Receipt
        let store: StoreID?
        let matcher: ReceiptMatcher
        let aliases: ReceiptAliases
        let matches: [ReceiptMatch]
    }

    let currency: Currency
    let cart: Cart?
    let stores: [Store]
    /// The store `request.store` names, or the new one it would make; nil, nil without one.
    let named: (store: Store?, newName: String?)
    let vault: [ItemID: Item]
    let categories: [Category]
    let aliases: ReceiptAliases
    let matcher: ReceiptMatcher

    /// The data `request` is reviewed against, read from `repositories`.
    /// - Throws: as `ReviewReceipt.callAsFunction(_:)`, for the cart and the store named.
    init(_ request: ReceiptRequest, in repositories: any Repositories) throws {
        currency = try repositories.settings().currency
        let resolver = Resolver(repositories: repositories)
        let cart = try request.cart.map { try resolver.cart($0) }
        if let cart, cart.status != .shopping {
            throw DomainError.notAllowed(cart: cart.name, status: cart.status, action: .logPurchase)
        }
        var named: (store: Store?, newName: String?) = (nil, nil)
        if let name = request.store {
            do { named.store = try resolver.store(name) } catch DomainError.notFound {
                named.newName = try Name.validated(name, kind: "store")
            }
        }
        self.named = named
        stores = try repositories.allStores().filter { !$0.isRemoved }
        let items = try repositories.allItems()
        aliases = ReceiptAliases(stores.flatMap { shop in
            shop.receiptNames.map { ReceiptAlias(store: shop.id, receiptName: $0.key, item: $0.value) }
        })
        categories = try repositories.allCategories()
        matcher = ReceiptMatcher(items: items, categories: categories, cart: cart?.lines ?? [])
        vault = Dictionary(firstByKey: items.map { ($0.id, $0) })
        self.cart = cart
    }

    /// `request`'s receipt parsed, each line matched and a row made of it: the slow part, run
    /// outside the lock. What `earlier` parsed and matched is reused when it holds for this data:
    /// the parse when the currency is the same, the matches when the matcher, the aliases and
    /// the store are too (comparing is O(items); matching is O(lines × words × vault words)).
    /// - Throws: as `ReviewReceipt.callAsFunction(_:)`, for the receipt and its date.
    func review(_ request: ReceiptRequest, now: Timestamp, reusing earlier: Matching? = nil) throws -> (review: ReceiptReview,
                                                                                                       matching: Matching) {
        let receipt: Receipt
        if let earlier, earlier.currency == currency {
            receipt = earlier.receipt
        } else {
            receipt = try ReceiptParser.parse(text: request.text, assuming: currency)
            if receipt.isForeign(to: currency) {
                throw ReceiptRefusal.foreignCurrency(receipt: receipt.currency.code, settings: currency.code)
            }
        }
        var (store, newStoreName) = named
        if request.store == nil, let header = receipt.storeName {
            store = Self.knownStore(named: header, among: stores)
            // A printed header is only a suggestion: one that is no valid name suggests nothing.
            if store == nil { newStoreName = try? Name.validated(header, kind: "store") }
        }
        let date = try request.date.map { try Timestamp(happened: $0, now: now) } ?? receipt.date.map { printed in
            let time = printed.timestamp(utcOffsetSeconds: now.utcOffsetSeconds)
            // An OCR'd year can land in the future; such a date would stand as the newest price.
            guard time <= now || time.day == now.day else { throw DomainError.futureDate(printed.description) }
            return min(time, now)
        }
        let matches = if let earlier, earlier.currency == currency, earlier.store == store?.id, earlier.matcher == matcher,
                         earlier.aliases == aliases {
            earlier.matches
        } else {
            matcher.match(receipt, store: store?.id, aliases: aliases)
        }
        let day = (date ?? now).day
        let rows = zip(receipt.lines, matches).enumerated().map { index, pair in
            Self.row(index + 1, pair.0, matched: pair.1, cart: cart, vault: vault, store: store, day: day)
        }
        let review = ReceiptReview(receipt: receipt, store: store, newStoreName: newStoreName, cart: cart, date: date, rows: rows,
                                   categories: categories)
        return (review, Matching(currency: currency, receipt: receipt, store: store?.id, matcher: matcher, aliases: aliases,
                                 matches: matches))
    }

    /// Row `number` of the review: `line` as `matched`, with what it was planned at on `cart`,
    /// the last price of its best match at `store` on `day`, and what to do with it by default.
    private static func row(_ number: Int, _ line: ReceiptLine, matched found: ReceiptMatch, cart: Cart?, vault: [ItemID: Item],
                            store: Store?, day: Day) -> ReceiptReviewRow {
        // `Kaffee 0g`: a size of nothing is a misread one; the item is asked about, not taken.
        let match = found.verdict == .confident && ReceiptPackSize.hasEmptySize(line.name)
            ? ReceiptMatch(verdict: .doubtful, candidates: found.candidates, suggestedCategory: found.suggestedCategory) : found
        let paid = ReceiptLinePrice(exactly: line)
        let best = match.best?.item
        let planned = best.flatMap { cart?.line(for: $0) }.flatMap { line in line.plannedPrice.map { UnitPrice($0, per: line.priceUnit) } }
        let last = best.flatMap { vault[$0] }.flatMap { item in store.flatMap { item.priceOption(at: $0.id)?.currentPrice(on: day) } }
        let change = last.map { last in
            ReceiptPriceChange(last: last.unitPrice, seenOn: last.observedAt.day, percent: percent(paid, against: last.unitPrice),
                               isAfterReceipt: last.observedAt.day > day)
        }
        let suggestion: ReceiptDecision = if line.netTotal.isNegative {
            .skip
        } else if let best, !line.isDeposit, match.verdict == .alias || match.verdict == .confident {
            .item(best)
        } else {
            .impulse
        }
        return ReceiptReviewRow(number: number, line: line, match: match, paid: paid, planned: planned, lastPrice: change,
                                suggestion: suggestion)
    }

    /// The store a receipt's header names: the one of that name, else the one whose name
    /// starts the header's or is started by it, word by word (`Aldi` for `ALDI SÜD`), when only
    /// one is.
    static func knownStore(named header: String, among stores: [Store]) -> Store? {
        let key = Name.key(header)
        if let exact = stores.first(where: { Name.key($0.name) == key }) { return exact }
        let prefixed = stores.filter {
            let name = Name.key($0.name)
            return !name.isEmpty && (key.hasPrefix(name + " ") || name.hasPrefix(key + " "))
        }
        return prefixed.count == 1 ? prefixed[0] : nil
    }

    /// The paid price against the last, in whole percent rounded half away from zero, worked
    /// out exactly from the two prices per what each is per (4.29 per 500 g against 2.29 per
    /// 250 g is -6.33%, so -6), never from a price rounded to the other's unit first.
    static func percent(_ paid: ReceiptLinePrice, against last: UnitPrice) -> Int? {
        guard last.price.minorUnits > 0, let ratio = paid.basis.ratio(to: last.basis) else { return nil }
        // One paid basis is numerator/denominator of the last's: per the last's basis the paid
        // price is paid × denominator / numerator.
        // Past a 1024th of 128 bits only a damaged or forged price is (no percent is said then);
        // under it, nothing below can overflow.
        let limit = Int128.max / 1024
        guard let paidPer = Int128.exactProduct(Int128(paid.price.minorUnits), ratio.denominator),
              let base = Int128.exactProduct(Int128(last.price.minorUnits), ratio.numerator),
              paidPer.magnitude <= limit.magnitude, base <= limit else { return nil }
        let change = (paidPer - base) * 100
        let rounded = change >= 0 ? (change * 2 + base) / (base * 2) : -((-change * 2 + base) / (base * 2))
        return Int(clamping: rounded)
    }
}
