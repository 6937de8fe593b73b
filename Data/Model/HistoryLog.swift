import Domain

/// History as kept in memory: completed carts (their lines stored flat) and the prices seen by
/// hand, in order. Built from `history.tsv` (or, for data of schema 2, from `history.jsonl`),
/// and by the changes of a transaction.
struct HistoryLog {
    struct Trip {
        var summary: TripSummary
        var createdAt: Timestamp
        var startedAt: Timestamp?
        var lines: Range<Int>
        var isRemoved = false
    }

    private(set) var trips: [Trip] = []
    private(set) var lines: [CartItem] = []
    private(set) var manual: [PriceObservation] = []
    /// The live trip of each cart id.
    private var index: [CartID: Int] = [:]

    /// Adds a completed cart (replacing an earlier completion of the same cart).
    mutating func complete(_ cart: Cart) throws {
        try complete(summary: TripSummary(cart), createdAt: cart.createdAt, startedAt: cart.startedAt, lines: cart.lines)
    }

    /// Adds a cart read from a file, whose summary the reader computed.
    mutating func complete(summary: TripSummary, createdAt: Timestamp, startedAt: Timestamp?, lines newLines: [CartItem]) {
        remove(summary.cartID)
        let start = lines.count
        lines += newLines
        trips.append(Trip(summary: summary, createdAt: createdAt, startedAt: startedAt, lines: start..<lines.count))
        index[summary.cartID] = trips.count - 1
    }

    mutating func remove(_ id: CartID) {
        guard let position = index.removeValue(forKey: id) else { return }
        trips[position].isRemoved = true
    }

    mutating func record(_ observations: [PriceObservation]) { manual += observations }

    /// Takes a price seen by hand out: every equal one recorded before.
    mutating func forget(_ observation: PriceObservation) { manual.removeAll { $0 == observation } }

    var liveTrips: [Trip] { trips.filter { !$0.isRemoved } }

    func cart(_ id: CartID) -> Cart? {
        guard let position = index[id] else { return nil }
        return cart(trips[position])
    }

    func cart(_ trip: Trip) -> Cart {
        Cart(id: trip.summary.cartID, name: trip.summary.name, budget: trip.summary.budget, currency: trip.summary.actual.currency,
             status: .completed, createdAt: trip.createdAt, startedAt: trip.startedAt, completedAt: trip.summary.completedAt,
             lines: Array(lines[trip.lines]))
    }

    var completedCarts: [Cart] { liveTrips.map(cart) }

    func spending(currency: Currency) throws -> SpendingColumns {
        try SpendingColumns(completedCarts: completedCarts, currency: currency)
    }
}

extension HistoryLog {
    mutating func apply(_ event: HistoryCodec.Event) throws {
        switch event {
        case .completed(let cart): try complete(cart)
        case .removed(let id): remove(id)
        case .observed(let observations): record(observations)
        case .forgotten(let observation): forget(observation)
        }
    }
}
