import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One part of a thing as sync keeps it: its record as JSON (nil: deleted or absent) and the
/// facts the merge rules read.
struct SyncPart: Hashable {
    let payload: String?
    var isBought = false
    var seen: Int64?

    static let absent = SyncPart(payload: nil)
}

/// Things taken apart into the parts sync keeps (`SyncKey`), and put back together. The
/// records are the backup's, encoded with sorted keys, so the same thing always gives the same
/// text on every device.
struct SyncParts {
    let mapper: RecordMapper

    init(currency: Currency) throws {
        mapper = try RecordMapper(settings: SettingsRecord(currency: currency.code, isSetUp: true))
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// The record as every device writes it. Grock's records (strings, integers, flags; never
    /// a float) always encode, but the error of `JSONEncoder` is passed on rather than trapped.
    static func json<T: Encodable>(_ value: T) throws -> String {
        try CanonicalJSONWriter.text(value) ?? String(decoding: encoder.encode(value), as: UTF8.self)
    }

    static func decode<T: Decodable>(_ type: T.Type, _ payload: String, key: SyncKey) throws -> T {
        do { return try JSONDecoder().decode(type, from: Data(payload.utf8)) } catch {
            throw SyncError.damaged(what: "the change to \(key)", reason: "its record cannot be read")
        }
    }

    // MARK: - Taking apart

    static func parts(of settings: Settings) throws -> [SyncKey: SyncPart] {
        [SyncKey(.settings): SyncPart(payload: try json(SettingsRecord(currency: settings.currency.code, isSetUp: settings.isSetUp)))]
    }

    static func parts(of store: Store) throws -> [SyncKey: SyncPart] {
        [SyncKey(.store, store.id.rawValue): SyncPart(payload: try json(StoreRecord(store)))]
    }

    static func parts(of category: Category) throws -> [SyncKey: SyncPart] {
        [SyncKey(.category, category.id.rawValue): SyncPart(payload: try json(CategoryRecord(category)))]
    }

    /// When a price was last seen (seconds since 1970; 0 when never): what its version ranks by.
    static func seen(of option: PriceOption) -> Int64 {
        [option.regular?.observedAt, option.promotion?.quote.observedAt].compactMap { $0?.secondsSince1970 }.max() ?? 0
    }

    static func parts(of item: Item) throws -> [SyncKey: SyncPart] {
        var record = ItemRecord(item)
        let prices = record.prices
        record.prices = []
        var parts = [SyncKey(.item, item.id.rawValue): SyncPart(payload: try json(record))]
        for (option, price) in zip(item.prices, prices) {
            parts[SyncKey(.price, item.id.rawValue, option.store.rawValue)] = SyncPart(payload: try json(price), seen: seen(of: option))
        }
        return parts
    }

    static func parts(of cart: Cart) throws -> [SyncKey: SyncPart] {
        var record = CartRecord(cart)
        record.lines = []
        var parts = [SyncKey(.cart, cart.id.rawValue): SyncPart(payload: try json(record)),
                     SyncKey(.order, cart.id.rawValue): SyncPart(payload: try json(cart.lines.map(\.itemID.rawValue)))]
        var byItem: [String: [CartItem]] = [:]
        for line in cart.lines { byItem[line.itemID.rawValue, default: []].append(line) }
        for (item, lines) in byItem { parts[SyncKey(.line, cart.id.rawValue, item)] = try linePart(lines) }
        return parts
    }

    /// The lines of one item on one cart, in the cart's order, as one part: one line is its
    /// record; several (a trip that bought an item twice: two rows alike in an import, a
    /// receipt) are an array of records, so none is lost on the way. The part is bought when any
    /// of its lines is: a purchase stays against a change made without knowing of it.
    static func linePart(_ lines: [CartItem]) throws -> SyncPart {
        let records = lines.map(CartLineRecord.init)
        let payload = records.count == 1 ? try json(records[0]) : try json(records)
        return SyncPart(payload: payload, isBought: lines.contains(where: \.isFulfilled))
    }

    /// One part of an item or a cart (`absent` when it has no such part), without encoding the
    /// others.
    static func part(_ key: SyncKey, of item: Item) throws -> SyncPart {
        switch key.kind {
        case .item:
            var record = ItemRecord(item)
            record.prices = []
            return SyncPart(payload: try json(record))
        case .price:
            guard let position = item.prices.firstIndex(where: { $0.store.rawValue == key.ids[1] }) else { return .absent }
            let option = item.prices[position]
            let alone = Item(id: item.id, name: item.name, categoryID: item.categoryID, unit: item.unit, prices: [option])
            return SyncPart(payload: try json(ItemRecord(alone).prices[0]),
                            seen: seen(of: option))
        default: return .absent
        }
    }

    static func part(_ key: SyncKey, of cart: Cart) throws -> SyncPart {
        switch key.kind {
        case .cart:
            var record = CartRecord(cart)
            record.lines = []
            return SyncPart(payload: try json(record))
        case .order: return SyncPart(payload: try json(cart.lines.map(\.itemID.rawValue)))
        case .line:
            let lines = cart.lines.filter { $0.itemID.rawValue == key.ids[1] }
            return lines.isEmpty ? .absent : try linePart(lines)
        default: return .absent
        }
    }

    /// A price option from its part.
    func option(_ payload: String, key: SyncKey) throws -> PriceOption {
        let record = try PriceOptionRecord(canonical: payload) ?? SyncParts.decode(PriceOptionRecord.self, payload, key: key)
        let holder = ItemRecord(id: "x", name: "x", categoryId: "x", unit: "each", prices: [record])
        return try mapped(key) { try mapper.item(holder).prices[0] }
    }

    /// The lines of one item on a cart from their part (`linePart`), in the cart's order.
    func lines(_ payload: String, key: SyncKey) throws -> ItemLines {
        guard payload.utf8.first == UInt8(ascii: "[") else {
            let record = try CartLineRecord(canonical: payload) ?? SyncParts.decode(CartLineRecord.self, payload, key: key)
            return ItemLines(head: try mapped(key) { try mapper.line(record) }, more: [])
        }
        let records = try SyncParts.decode([CartLineRecord].self, payload, key: key)
        guard let first = records.first else { throw SyncError.damaged(what: "the change to \(key)", reason: "it holds no line") }
        return try mapped(key) { ItemLines(head: try mapper.line(first), more: try records.dropFirst().map(mapper.line)) }
    }

    static func key(of observation: PriceObservation) throws -> (SyncKey, String) {
        let payload = try json(ObservationRecord(observation))
        return (SyncKey(.seen, observation.item.rawValue, Checksum.hex(of: Array(payload.utf8))), payload)
    }

    // MARK: - Putting together

    func settings(_ payload: String) throws -> Settings {
        let record = try SyncParts.decode(SettingsRecord.self, payload, key: SyncKey(.settings))
        return try mapped(SyncKey(.settings)) { try RecordMapper(settings: record).settings(record) }
    }

    func store(_ payload: String, key: SyncKey) throws -> Store {
        try mapped(key) { try mapper.store(try SyncParts.decode(StoreRecord.self, payload, key: key)) }
    }

    func category(_ payload: String, key: SyncKey) throws -> Category {
        try mapped(key) { mapper.category(try SyncParts.decode(CategoryRecord.self, payload, key: key)) }
    }

    /// An item from its header and its prices (`price` parts, in any order).
    func item(_ header: String, prices: [String], key: SyncKey) throws -> Item {
        var record = try ItemRecord(canonical: header) ?? SyncParts.decode(ItemRecord.self, header, key: key)
        record.prices = try prices.map { try PriceOptionRecord(canonical: $0) ?? SyncParts.decode(PriceOptionRecord.self, $0, key: key) }
            .sorted { $0.storeId < $1.storeId }
        return try mapped(key) { try mapper.item(record) }
    }

    /// A cart's header (its lines are parts of their own).
    func cart(_ header: String, key: SyncKey) throws -> Cart {
        var record = try CartRecord(canonical: header) ?? SyncParts.decode(CartRecord.self, header, key: key)
        record.lines = []
        return try mapped(key) { try mapper.cart(record) }
    }

    /// A cart's lines put in order from its line parts (`groups`, by item): each listing of an
    /// item in `order` takes that item's next line; the lines no listing took (added on two
    /// devices at once, or listed by no order) follow, their items in the order `rest` gives.
    static func arranged<Lines: RandomAccessCollection<CartItem>>(_ groups: [String: Lines], order: [String],
                                                                  rest: ([String]) -> [String]) -> [CartItem] {
        let count = groups.values.reduce(0) { $0 + $1.count }
        var taken: [String: Int] = [:]
        var lines: [CartItem] = []
        lines.reserveCapacity(count)
        for item in order {
            guard let group = groups[item] else { continue }
            let next = taken[item, default: 0]
            guard next < group.count else { continue }
            lines.append(group[group.index(group.startIndex, offsetBy: next)])
            taken[item] = next + 1
        }
        guard lines.count < count else { return lines }
        let left = groups.filter { $0.value.count > taken[$0.key, default: 0] }
        for item in rest(Array(left.keys)) { if let group = left[item] { lines += group.dropFirst(taken[item, default: 0]) } }
        return lines
    }

    func order(_ payload: String, key: SyncKey) throws -> [String] {
        try CanonicalJSON.strings(payload) ?? SyncParts.decode([String].self, payload, key: key)
    }

    func observation(_ payload: String, key: SyncKey) throws -> PriceObservation {
        let record = try ObservationRecord(canonical: payload) ?? SyncParts.decode(ObservationRecord.self, payload, key: key)
        return try mapped(key) { try mapper.observation(record) }
    }

    private func mapped<T>(_ key: SyncKey, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as SyncError { throw error } catch {
            throw SyncError.damaged(what: "the change to \(key)", reason: "\(error)")
        }
    }
}
