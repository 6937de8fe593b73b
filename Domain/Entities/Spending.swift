/// A completed trip in brief: what history lists and insights add up, without its lines.
public struct TripSummary: Sendable, Hashable {
    public let cartID: CartID
    public let name: String
    public let completedAt: Timestamp
    public let budget: Money?
    /// The planned cost of its vault lines (impulse buys were never planned).
    public let planned: Money
    public let actual: Money
    public let fulfilled: Int
    public let lines: Int

    public init(cartID: CartID, name: String, completedAt: Timestamp, budget: Money?, planned: Money, actual: Money, fulfilled: Int, lines: Int) {
        self.cartID = cartID
        self.name = name
        self.completedAt = completedAt
        self.budget = budget
        self.planned = planned
        self.actual = actual
        self.fulfilled = fulfilled
        self.lines = lines
    }

    public init(_ cart: Cart) throws {
        self.init(cartID: cart.id, name: cart.name, completedAt: cart.completedAt ?? cart.createdAt, budget: cart.budget,
                  planned: try Money.sum(cart.lines.filter { !$0.isImpulse }.compactMap { try $0.plannedCost() }, currency: cart.currency),
                  actual: try cart.actualTotal(), fulfilled: cart.progress.fulfilled, lines: cart.progress.total)
    }

    public var overBudget: Money? {
        guard let budget, actual > budget else { return nil }
        return Money(minorUnits: actual.minorUnits - budget.minorUnits, currency: actual.currency)
    }
}

/// One bought line of a completed trip.
public struct PurchasedLine: Sendable, Hashable {
    /// Its trip: an index into `SpendingData.trips`.
    public let trip: Int
    /// The vault item; nil for an impulse buy.
    public let itemID: ItemID?
    public let item: String
    /// The category it had when the trip finished; nil for an impulse buy.
    public let category: String?
    public let store: StoreID?
    public let unit: MeasureUnit
    public let quantity: Quantity
    /// The price of one `unit`.
    public let price: Money
    public let cost: Money

    public init(trip: Int, itemID: ItemID?, item: String, category: String?, store: StoreID?, unit: MeasureUnit, quantity: Quantity,
                price: Money, cost: Money) {
        self.trip = trip
        self.itemID = itemID
        self.item = item
        self.category = category
        self.store = store
        self.unit = unit
        self.quantity = quantity
        self.price = price
        self.cost = cost
    }
}

/// Every completed trip and every line bought on them, in the order the trips were completed:
/// what insights, exports and price history are computed from. A storage may keep it apart
/// from the carts themselves, so that reading it is fast.
public struct SpendingData: Sendable, Hashable {
    public var trips: [TripSummary]
    public var lines: [PurchasedLine]

    public init(trips: [TripSummary], lines: [PurchasedLine]) {
        self.trips = trips
        self.lines = lines
    }

    /// The spending of completed carts, in the order given.
    public init(completedCarts carts: [Cart]) throws {
        trips = []
        lines = []
        for cart in carts {
            trips.append(try TripSummary(cart))
            lines += try SpendingData.purchasedLines(of: cart, trip: trips.count - 1)
        }
    }

    /// The bought lines of one cart.
    public static func purchasedLines(of cart: Cart, trip: Int) throws -> [PurchasedLine] {
        try cart.lines.compactMap { line in
            guard line.isFulfilled, let price = line.actualPrice, let cost = try line.actualCost() else { return nil }
            return PurchasedLine(trip: trip, itemID: line.isImpulse ? nil : line.itemID, item: line.name,
                                 category: line.isImpulse ? nil : line.categoryName, store: line.actualStore, unit: line.unit,
                                 quantity: line.purchasedQuantity ?? line.quantity, price: price, cost: cost)
        }
    }

    /// The prices paid on trips, as price observations: one per bought vault line with a store,
    /// dated when its trip finished. They are derived, never stored twice.
    public func paidObservations(of item: ItemID? = nil) -> [PriceObservation] {
        lines.compactMap { line in
            guard let itemID = line.itemID, item == nil || item == itemID, let store = line.store else { return nil }
            let trip = trips[line.trip]
            return PriceObservation(item: itemID, store: store, price: UnitPrice(line.price, per: line.unit), observedAt: trip.completedAt,
                                    source: .trip(trip.cartID))
        }
    }
}

/// What was spent in one month on completed trips: a summary a storage may keep up to date.
public struct MonthSpending: Sendable, Hashable {
    /// `YYYY-MM`.
    public let month: String
    public let total: Money
    public let trips: Int

    public init(month: String, total: Money, trips: Int) {
        self.month = month
        self.total = total
        self.trips = trips
    }

    /// The months of `trips`, in month order.
    public static func of(_ trips: [TripSummary], currency: Currency) throws -> [MonthSpending] {
        var totals: [String: (Int64, Int)] = [:]
        for trip in trips {
            let month = trip.completedAt.day.monthText
            let (sum, overflow) = (totals[month]?.0 ?? 0).addingReportingOverflow(trip.actual.minorUnits)
            guard !overflow else { throw DomainError.amountOverflow }
            totals[month] = (sum, (totals[month]?.1 ?? 0) + 1)
        }
        return totals.keys.sorted().map { MonthSpending(month: $0, total: Money(minorUnits: totals[$0]!.0, currency: currency), trips: totals[$0]!.1) }
    }
}
