/// Everything a rule of Grock can refuse, each with a sentence a person understands.
///
/// Whatever a sentence quotes (a name as typed, or as a file held it) goes through
/// `Echo.quoted`: a message never carries a control character, nor a page of pasted text.
public enum DomainError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An amount typed that is not a non-negative number with the currency's decimals, a
    /// negative budget, or imported rows that cost more than Grock can count; `reason` says which.
    case invalidAmount(String, reason: String)
    /// A quantity typed that is not a number above zero with at most 3 decimals.
    case invalidQuantity(String)
    /// A sum or cost beyond what 64-bit minor units hold: only from stored amounts (a damaged
    /// file, a huge history), since typed ones are bounded by `Money.maximum`.
    case amountOverflow
    /// A typed amount or quantity above Grock's maximum: `kind` is what it is (`price`, `quantity`).
    case tooLarge(String, kind: String, maximum: String)
    /// A change after which a cart's totals could not be added up.
    case cartTotalTooLarge(cart: String)
    /// Two amounts of different currencies added or subtracted, or an imported row's price in
    /// another currency than the settings'.
    case currencyMismatch(String, String)
    /// A currency code not in Grock's table (`Currency.knownCodes`).
    case unknownCurrency(String)
    /// A currency switch to one with other decimals while amounts are stored.
    case currencyDigitsDiffer(from: String, to: String)
    /// A unit name that is none of `MeasureUnit`'s nor an alias of one.
    case unknownUnit(String)
    /// A pack size that cannot be read, holds packs, or goes with a unit other than `pack`.
    case invalidPack(String, reason: String)
    /// What a price is said to be per (a CSV row's `per`) is no unit or pack, or not one its row's unit fits.
    case invalidBasis(String, reason: String)
    /// A quantity in `unit` cannot be priced per `basis` (kg and each measure different things).
    case unitMismatch(item: String, unit: String, basis: String, store: String?)
    /// A quantity added to a line counted in a unit of another kind (each to a line in kg).
    case incompatibleUnits(item: String, unit: String, lineUnit: String)
    /// A quantity that has no exact equivalent in the unit asked for (1 lb in kg).
    case inexactConversion(quantity: String, from: String, to: String)
    /// No price recorded for the item at that store (on that day).
    case noPriceRecorded(item: String, store: String, day: String?)
    /// Lines not bought cannot go to that cart.
    case cannotCarryOver(to: String, reason: String)
    /// The current price at a store was paid on a trip, not recorded by hand.
    case pricePaidOnTrip(item: String, store: String, trip: String)
    /// A date that is not `YYYY-MM-DD` (or `YYYY-MM-DD HH:MM`), or a promotion's end already past.
    case invalidDate(String)
    /// A month that is not `YYYY-MM`.
    case invalidMonth(String)
    /// A date of something that happened is later than now.
    case futureDate(String)
    /// A name that is empty, longer than `Name.maximumLength` or holds a control character.
    case invalidName(kind: String, name: String, reason: String)
    /// A new name that another thing of its kind has, as `Name.key` compares them.
    case duplicateName(kind: String, name: String)
    /// A reference that names nothing of `kind`; `suggestion` is the closest name, if any is close.
    case notFound(kind: EntityKind, name: String, suggestion: String?)
    /// A reference that names several things of `kind` (equal names, or a shared id prefix).
    case ambiguous(kind: EntityKind, name: String, candidates: [String])
    /// An `action` the cart's `status` forbids (`Cart.check(_:)`).
    case notAllowed(cart: String, status: CartStatus, action: Cart.Action)
    /// An item asked for on a cart that has no line of it.
    case notOnCart(item: String, cart: String)
    /// A purchase taken back from a line not bought.
    case notBought(item: String, cart: String)
    /// A trip finished with no line bought.
    case nothingBought(cart: String)
    /// A completed trip with an item on several lines cannot go back to shopping.
    case repeatedItem(item: String, cart: String)
    /// A purchase logged without a price where none is planned.
    case priceRequired(item: String)
    /// A purchase or a price with no store given and none to assume.
    case storeRequired(item: String)
    /// The trip has bought at several stores and nothing says which one this was.
    case storeUnclear(item: String, stores: [String], bought: Bool)
    /// A category deleted while items are in it.
    case categoryNotEmpty(name: String, itemCount: Int)
    /// A store removed while an active trip has a purchase logged at it.
    case storeInUse(store: String, cart: String)
    /// A category moved to a position outside 1 through `count`.
    case invalidPosition(Int, count: Int)
    /// An undo with no change left to take back.
    case nothingToUndo
    /// A first-run setup asked for another currency than the one the data set has.
    case alreadySetUp(currency: String)
    /// An imported row refused; `reason` is what is wrong with it, and nothing was imported.
    case importRow(line: Int, reason: String)
    /// A backup restored into a data set that already has data.
    case notEmpty
    /// A cheapest-store plan whose store sets, over the cart's lines, are more work than
    /// `StoreSetSearch.defaultBudget`: the count is of stores with a price for some line.
    case tooManyStores(Int)
    /// `NAME@DAY` names a day on which more than one trip of that name was finished: `ids` are
    /// their short ids, in the order they were finished.
    case severalTripsOnDay(name: String, day: String, ids: [String])
    /// `NAME@DAY` names a day on which no trip of that name was finished: `days` are the days
    /// its trips were, newest first.
    case noTripOnDay(name: String, day: String, days: [String])
    /// A date of something that happened is before `Timestamp.earliestHappened` (1990).
    case pastDate(String)
    /// A range of months that starts after it ends.
    case reversedRange(from: String, to: String)

    /// One sentence for a person: what was refused and, where it helps, what to do instead.
    public var description: String {
        switch self {
        case .invalidAmount(let text, let reason): "\(Echo.quoted(text)) is not a valid amount: \(reason)"
        case .invalidQuantity(let text):
            "\(Echo.quoted(text)) is not a valid quantity: write a number above zero with at most 3 decimals, like 2 or 1.5"
        case .amountOverflow: "the amount is too large"
        case .tooLarge(let text, let kind, let maximum): "\(Echo.quoted(text)) is more than the largest \(kind), \(maximum)"
        case .cartTotalTooLarge(let cart): "cart \(Echo.quoted(cart)) would cost more than Grock can add up; split it into smaller carts"
        case .currencyMismatch(let a, let b): "cannot combine amounts in \(a) and \(b)"
        case .unknownCurrency(let code): "\(Echo.quoted(code)) is not a currency Grock knows (use an ISO code such as EUR, USD, GBP or JPY)"
        case .currencyDigitsDiffer(let from, let to):
            "cannot switch from \(from) to \(to): they have different decimals and Grock does not convert stored amounts"
        case .unknownUnit(let text):
            "\(Echo.quoted(text)) is not a unit (use one of: \(MeasureUnit.allCases.map(\.rawValue).joined(separator: ", ")))"
        case .invalidPack(let text, let reason): "\(Echo.quoted(text)) is not a pack size: \(reason)"
        case .invalidBasis(let text, let reason): "\(Echo.quoted(text)) is not what this price can be per: \(reason)"
        case .unitMismatch(let item, let unit, let basis, let store):
            "\(Echo.quoted(item)) is priced per \(basis)\(store.map { " at \(Echo.quoted($0))" } ?? ""); "
                + "a quantity in \(unit) cannot be priced that way "
                + "(\(unit) and \(basis) measure different things): choose a unit of the same kind or another store"
        case .incompatibleUnits(let item, let unit, let lineUnit):
            "\(Echo.quoted(item)) is counted in \(lineUnit) on this cart; \(unit) and \(lineUnit) measure different things, "
                + "so a quantity in \(unit) cannot stand for it"
        case .inexactConversion(let quantity, let from, let to):
            "\(quantity) \(from) has no exact equivalent in \(to); give the quantity in \(to)"
        case .cannotCarryOver(let cart, let reason): "cannot carry the lines not bought over to \(Echo.quoted(cart)): \(reason)"
        case .pricePaidOnTrip(let item, let store, let trip):
            "the current price of \(Echo.quoted(item)) at \(Echo.quoted(store)) was paid on trip \(Echo.quoted(trip)); "
                + "reopen that trip to correct it"
        case .noPriceRecorded(let item, let store, let day):
            "no price of \(Echo.quoted(item)) at \(Echo.quoted(store))\(day.map { " was recorded on \($0)" } ?? " is recorded")"
        case .invalidDate(let text): "\(Echo.quoted(text)) is not a date: write YYYY-MM-DD (or YYYY-MM-DD HH:MM where a time is taken)"
        case .invalidMonth(let text): "\(Echo.quoted(text)) is not a month: write YYYY-MM"
        case .futureDate(let text): "\(Echo.quoted(text)) is in the future; a date says when something happened"
        case .reversedRange(let from, let to):
            "the range starts in \(Echo.quoted(from)), after it ends in \(Echo.quoted(to)); give the earlier month first"
        case .pastDate(let text):
            "\(Echo.quoted(text)) is before 1990; a date says when something was bought or seen, and Grock keeps none earlier"
        case .invalidName(let kind, let name, let reason): "\(Echo.quoted(name)) cannot be \(Wording.withArticle(kind)) name: \(reason)"
        case .duplicateName(let kind, let name): "\(Wording.withArticle(kind)) named \(Echo.quoted(name)) already exists"
        case .notFound(let kind, let name, let suggestion):
            "no \(kind) named \(Echo.quoted(name))" + (suggestion.map { "; did you mean \(Echo.quoted($0))?" } ?? "")
        case .ambiguous(let kind, let name, let candidates):
            "\(Echo.quoted(name)) matches more than one \(kind): \(candidates.map(Echo.shortened).joined(separator: ", ")); "
                + "give more of the name or the id"
        case .severalTripsOnDay(let name, let day, let ids):
            "\(ids.count) trips named \(Echo.quoted(name)) were finished on \(day) (\(ids.joined(separator: ", "))); give the id instead"
        case .noTripOnDay(let name, let day, let days):
            "no trip named \(Echo.quoted(name)) was finished on \(day); its trips: " + DomainError.aFew(days)
        case .notAllowed(let cart, let status, let action): DomainError.refusal(cart: cart, status: status, action: action)
        case .notOnCart(let item, let cart): "\(Echo.quoted(item)) is not on cart \(Echo.quoted(cart))"
        case .notBought(let item, let cart): "\(Echo.quoted(item)) has not been bought on cart \(Echo.quoted(cart))"
        case .nothingBought(let cart): "nothing on cart \(Echo.quoted(cart)) has been bought yet; log a purchase or abort the trip"
        case .repeatedItem(let item, let cart):
            "cart \(Echo.quoted(cart)) has \(Echo.quoted(item)) on more than one line (a receipt's repeated rows) and cannot be reopened, "
                + "since a cart being shopped has one line per item; to correct it, delete it and import its rows, "
                + "or log its receipt, again"
        case .priceRequired(let item): "no price is known for \(Echo.quoted(item)); give the price paid"
        case .storeRequired(let item): "no store is planned for \(Echo.quoted(item)); say which store it was bought at"
        case .storeUnclear(let item, let stores, let bought):
            "this \(bought ? "trip has bought" : "cart is planned") at \(stores.map(Echo.quoted).joined(separator: ", ")); "
                + "say which store \(Echo.quoted(item)) was bought at"
        case .categoryNotEmpty(let name, let count):
            "category \(Echo.quoted(name)) still has \(Wording.counted(count, "item")); move or remove \(count == 1 ? "it" : "them") first"
        case .storeInUse(let store, let cart):
            "store \(Echo.quoted(store)) has purchases logged on cart \(Echo.quoted(cart)); finish or unlog them first"
        case .invalidPosition(let position, let count): "position \(position) is not between 1 and \(count)"
        case .nothingToUndo: "there is nothing to undo"
        case .importRow(let line, let reason): "line \(line): \(Echo.escaped(reason)); nothing was imported"
        case .notEmpty: "this data directory already has data; restore a backup into an empty one"
        case .tooManyStores(let count):
            "too many sets of stores to compare over this cart's lines (\(count) stores); allow the plan fewer stores"
        case .alreadySetUp(let currency): "Grock is already set up with \(currency); change the currency in the settings instead"
        }
    }

    /// The first five of `texts` (each once), and how many more there are.
    private static func aFew(_ texts: [String]) -> String {
        var distinct: [String] = []
        for text in texts where !distinct.contains(text) { distinct.append(text) }
        return distinct.prefix(5).joined(separator: ", ") + (distinct.count > 5 ? " and \(distinct.count - 5) more" : "")
    }

    private static func refusal(cart: String, status: CartStatus, action: Cart.Action) -> String {
        let subject = "cart \(Echo.quoted(cart))"
        switch (status, action) {
        case (.completed, .finishTrip): return "\(subject) is already completed"
        case (.completed, _): return "\(subject) is completed; reopen it to change it"
        case (.planning, .logPurchase): return "\(subject) is still being planned; start the trip first"
        case (.planning, .finishTrip), (.planning, .abortTrip): return "the trip for \(subject) has not started"
        case (.planning, .reopen), (.shopping, .reopen): return "\(subject) is not completed, so there is nothing to reopen"
        case (.shopping, .startTrip): return "the trip for \(subject) has already started"
        default: return "\(subject) is \(status.rawValue); that is not possible now"
        }
    }
}
