import DataLayer
@testable import Domain
import Foundation
import TestSupport
import Testing

/// An oracle for the numbers (issue #23): random journeys across features (prices set and
/// backdated, forgotten; carts planned and shopped with items by the piece, by the kg and by
/// the pack; impulse buys; trips finished with and without a date, reopened and finished again;
/// undo; a JSON backup restored) compared after every step with `Model`, a deliberately simple
/// statement of the rules written here, not the production code. Its rules are docs/DOMAIN.md's
/// "The numbers, in one place". `GROCK_ORACLE_SEEDS` runs more journeys (the seed of a failure is
/// printed with it).
@Suite struct NumbersOracleTests {
    /// The rules, in one place.
    struct Model {
        /// A price seen: by hand, or paid on a trip (the trip's name).
        struct Seen: Equatable {
            var price: Int64
            var time: Int64
            var order: Int
            var trip: String?
        }
        struct Line: Equatable {
            var item: String
            var quantity: Int64?
            var price: Int64?
            var store: String?
            var isImpulse = false
            /// Rule 3: a line costs its quantity times its price, rounded half to even to the cent.
            var cost: Int64 {
                guard let quantity, let price else { return 0 }
                let exact = quantity * price
                let (whole, rest) = exact.quotientAndRemainder(dividingBy: 1000)
                return rest > 500 || (rest == 500 && whole % 2 == 1) ? whole + 1 : whole
            }
        }
        struct Trip: Equatable {
            var name: String
            var lines: [Line]
            var status = "planning"
            var started: Int64?
            var finished: Int64?
            var total: Int64 { lines.reduce(0) { $0 + $1.cost } }
        }

        var seen: [String: [String: [Seen]]] = [:]
        var carts: [Trip] = []
        var order = 0

        /// Rule 1: the current price at a store is the one seen most recently. Of prices seen at
        /// the same moment (a day typed stands for its noon), one paid on a trip wins over one
        /// recorded by hand, and of two paid, the trip finished last.
        func current(_ item: String, _ store: String) -> Seen? {
            seen[item]?[store]?.max { ($0.time, $0.trip == nil ? 0 : 1, $0.order) < ($1.time, $1.trip == nil ? 0 : 1, $1.order) }
        }

        /// A price recorded by hand for the moment of another recorded by hand at the store
        /// corrects it: the earlier one is gone.
        mutating func see(_ item: String, _ store: String, price: Int64, time: Int64, trip: String? = nil) {
            order += 1
            if trip == nil { seen[item]?[store]?.removeAll { $0.trip == nil && $0.time == time } }
            seen[item, default: [:]][store, default: []].append(Seen(price: price, time: time, order: order, trip: trip))
        }

        /// Rule 2: finishing a trip sees each bought vault line's price at its store, when the
        /// trip happened; reopening takes those back.
        mutating func finish(_ index: Int, at time: Int64) {
            carts[index].status = "completed"
            carts[index].finished = time
            for line in carts[index].lines where !line.isImpulse {
                if let price = line.price,
                    let store = line.store { see(line.item, store, price: price, time: time, trip: carts[index].name) }
            }
        }

        mutating func reopen(_ index: Int) {
            carts[index].status = "shopping"
            for (item, stores) in seen {
                for store in stores.keys { seen[item]?[store]?.removeAll { $0.trip == carts[index].name } }
            }
        }
    }

    static let items: [(name: String, category: String, unit: MeasureUnit?, pack: PackSize?, quantities: [Int64])] = [
        ("Milk", "Dairy", nil, nil, [1000, 2000, 3000]),
        ("Bananas", "Produce", .kg, nil, [250, 736, 1205, 2000]),
        ("Coffee", "Pantry", nil, PackSize(Quantity(500), .g), [1000, 2000]),
    ]
    static let stores = ["Aldi", "Lidl"]

    struct Journey {
        let seed: UInt64
        let clock = FakeClock()
        let ids = SequentialIdentifiers()
        var storage: any Storage = InMemoryStorage()
        var model = Model()
        var history: [Model] = []
        var random: SeededGenerator
        var log: [String] = []

        init(seed: UInt64) {
            self.seed = seed
            random = SeededGenerator(state: seed)
        }

        var u: UseCases { UseCases(storage: storage, clock: clock, ids: ids) }
        var now: Int64 { clock.now().secondsSince1970 }

        /// A date `days` before today, as typed, and when it stands for (noon, or now today).
        func date(daysAgo days: Int) -> (String, Int64) {
            let day = Day(daysSince1970: clock.now().day.daysSince1970 - days)
            let noon = Int64(day.daysSince1970) * 86_400 + 12 * 3600 - Int64(clock.now().utcOffsetSeconds)
            return (day.description, days == 0 ? now : noon)
        }

        func price(_ cents: Int64) -> String { String(format: "%d.%02d", cents / 100, cents % 100) }

        mutating func changed(_ before: Model, _ step: String) {
            history.append(before)
            log.append(step)
        }

        mutating func setUp() async throws {
            _ = try await u.setUpFirstRun()
            for store in NumbersOracleTests.stores { _ = try await u.addStore(name: store) }
            for item in NumbersOracleTests.items {
                _ = try await u.addItem(name: item.name, category: item.category, price: "1.00", store: "Aldi", unit: item.unit,
                    pack: item.pack)
                model.see(item.name, "Aldi", price: 100, time: now)
            }
            history = []
        }

        mutating func step() async throws {
            clock.advance(seconds: Int64.random(in: 60...7200, using: &random))
            if Int.random(in: 0..<12, using: &random) == 0 { clock.advance(days: 1) }
            let before = model
            let active = model.carts.lastIndex { $0.status != "completed" }
            let item = NumbersOracleTests.items.randomElement(using: &random)!
            let store = NumbersOracleTests.stores.randomElement(using: &random)!
            let cents = Int64.random(in: 20...900, using: &random)
            let shopping = active.map { model.carts[$0].status == "shopping" } == true
            switch Int.random(in: 0..<11, using: &random) {
            case 0, 1:
                let (text, time) = date(daysAgo: Bool.random(using: &random) ? 0 : Int.random(in: 0...6, using: &random))
                _ = try await u.setPrice(item: item.name, store: store, price: price(cents), date: text)
                model.see(item.name, store, price: cents, time: time)
                changed(before, "price \(item.name) \(store) \(price(cents)) \(text)")
            case 2:
                guard let current = model.current(item.name, store) else { return }
                do {
                    _ = try await u.forgetPrice(item: item.name, store: store)
                    #expect(current.trip == nil, "seed \(seed): forgot a price paid on \(current.trip ?? "")")
                    model.seen[item.name]?[store]?.removeAll { $0.trip == nil && $0.time == current.time && $0.price == current.price }
                    changed(before, "forget \(item.name) \(store)")
                } catch DomainError.pricePaidOnTrip {
                    #expect(current.trip != nil, "seed \(seed): refused to forget a price seen by hand")
                }
            case 3 where active == nil:
                let name = "T\(model.carts.count + 1)"
                let chosen = NumbersOracleTests.items.filter { _ in Bool.random(using: &random) }.map(\.name)
                _ = try await u.createCart(name: name, items: chosen)
                model.carts.append(Model.Trip(name: name, lines: chosen.map { Model.Line(item: $0) }))
                changed(before, "cart new \(name) \(chosen)")
            case 4 where active.map({ model.carts[$0].status == "planning" }) == true:
                _ = try await u.startTrip(model.carts[active!].name)
                model.carts[active!].status = "shopping"
                model.carts[active!].started = now
                changed(before, "trip start")
            case 5 where shopping, 6 where shopping:
                let index = active!
                // A vault item is bought off the cart's lines (`trip log` takes no item the cart lacks).
                guard let onCart = model.carts[index].lines.filter({ !$0.isImpulse }).randomElement(using: &random),
                      let item = NumbersOracleTests.items.first(where: { $0.name == onCart.item }) else { return }
                let quantity = item.quantities.randomElement(using: &random)!
                _ = try await u.logPurchase(cart: model.carts[index].name, item: item.name, price: price(cents), store: store,
                                            quantity: Quantity(thousandths: quantity))
                let line = Model.Line(item: item.name, quantity: quantity, price: cents, store: store)
                if let at = model.carts[index].lines.firstIndex(where: { $0.item == item.name && !$0.isImpulse }) {
                    model.carts[index].lines[at] = line
                } else {
                    model.carts[index].lines.append(line)
                }
                changed(before, "log \(item.name) \(price(cents)) x\(quantity) \(store)")
            case 7 where shopping:
                let index = active!
                let name = "Gum \(model.carts[index].lines.count)"
                _ = try await u.addImpulseItem(cart: model.carts[index].name, name: name, price: price(cents), store: store)
                model.carts[index].lines.append(Model.Line(item: name, quantity: 1000, price: cents, store: store, isImpulse: true))
                changed(before, "impulse \(name) \(price(cents)) \(store)")
            case 8 where active.map({ model.carts[$0].status == "shopping" && model.carts[$0].lines.contains { $0.price != nil } }) == true:
                let index = active!
                // Backdated at most to the day the trip started.
                let started = model.carts[index].started ?? now
                let days = Int.random(in: 0...3, using: &random)
                let (text, time) = date(daysAgo: days)
                if Bool.random(using: &random), time >= started - 86_400, days > 0 || Bool.random(using: &random) {
                    do {
                        _ = try await u.finishTrip(model.carts[index].name, date: text)
                        model.finish(index, at: time)
                        changed(before, "finish \(model.carts[index].name) --date \(text)")
                        return
                    } catch let error as DomainError {
                        log.append("finish --date \(text) refused: \(error)")
                    }
                }
                _ = try await u.finishTrip(model.carts[index].name)
                // Rule 4: a trip reopened and finished again keeps when it happened.
                model.finish(index, at: model.carts[index].finished ?? now)
                changed(before, "finish \(model.carts[index].name)")
            case 9 where active == nil && !model.carts.isEmpty:
                let index = model.carts.count - 1
                _ = try await u.reopenCart(model.carts[index].name)
                model.reopen(index)
                changed(before, "reopen \(model.carts[index].name)")
            case 10 where !history.isEmpty:
                _ = try await u.undoLastChange()
                model = history.removeLast()
                log.append("undo")
            default:
                // A JSON backup restored into an empty data directory holds every number (and
                // nothing to undo).
                guard Int.random(in: 0..<6, using: &random) == 0 else { return }
                let backup = try await u.createBackup()
                storage = InMemoryStorage()
                try await u.restoreBackup(backup)
                history = []
                log.append("backup restored")
            }
        }

        /// Every number the user sees, against the model.
        func compare() async throws {
            let context = "seed \(seed), after: \(log.suffix(4).joined(separator: "; "))"
            let items = try await u.storage.read { try $0.allItems() }
            let stores = try await u.storage.read { try $0.allStores() }
            for item in NumbersOracleTests.items {
                for store in NumbersOracleTests.stores {
                    let id = try #require(stores.first { $0.name == store }?.id)
                    let quote = items.first { $0.name == item.name }?.priceOption(at: id)?.regular
                    let expected = model.current(item.name, store)
                    #expect(quote?.price.minorUnits == expected?.price, "\(item.name) at \(store): \(context)")
                    #expect(quote?.observedAt.secondsSince1970 == expected?.time, "\(item.name) seen at \(store): \(context)")
                }
            }
            let trips = try await u.listHistory()
            for trip in model.carts where trip.status == "completed" {
                let summary = trips.first { $0.name == trip.name }
                #expect(summary?.actual.minorUnits == trip.total, "trip \(trip.name) total: \(context)")
                #expect(summary?.completedAt.secondsSince1970 == trip.finished, "trip \(trip.name) date: \(context)")
            }
            #expect(trips.count == model.carts.count { $0.status == "completed" }, "trips: \(context)")
            let spent = try await u.monthlySpending().reduce(0) { $0 + $1.total.minorUnits }
            #expect(spent == model.carts.filter { $0.status == "completed" }.reduce(0) { $0 + $1.total }, "spending: \(context)")
            if let active = model.carts.last(where: { $0.status != "completed" }) {
                let cart = try await u.showCart(active.name).cart
                #expect(try cart.actualTotal().minorUnits == active.total, "cart \(active.name) total: \(context)")
                #expect(cart.status.rawValue == active.status, "cart \(active.name) status: \(context)")
            }
        }
    }

    /// `GROCK_ORACLE_SEED=N`: that journey alone, its every step printed.
    static var seeds: Range<UInt64> {
        if let one = ProcessInfo.processInfo.environment["GROCK_ORACLE_SEED"].flatMap({ UInt64($0) }) { return one..<(one + 1) }
        let count = ProcessInfo.processInfo.environment["GROCK_ORACLE_SEEDS"].flatMap { UInt64($0) } ?? 30
        return 1..<(count + 1)
    }

    @Test func everyNumberAgreesWithTheModel() async throws {
        for seed in Self.seeds {
            var journey = Journey(seed: seed)
            try await journey.setUp()
            for _ in 0..<60 {
                do { try await journey.step() } catch {
                    Issue.record("seed \(seed): \(error) after \(journey.log.suffix(4))")
                    return
                }
                try await journey.compare()
            }
            if ProcessInfo.processInfo.environment["GROCK_ORACLE_SEED"] != nil {
                print(journey.log.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "\n")) }
        }
    }
}
