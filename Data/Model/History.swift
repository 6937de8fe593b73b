import Domain

/// Completed carts and the prices seen by hand, replayed from history events. (Files written
/// before prices paid were derived from carts may hold trip observations and `retracted`
/// events: both are ignored, since the carts say the same.)
struct History {
    private(set) var carts: [CartID: Cart] = [:]
    /// Completed cart ids in the order they were completed.
    private(set) var order: [CartID] = []
    private(set) var observations: [PriceObservation] = []

    init() {}

    init(_ events: [HistoryEventRecord], currency: Currency) throws {
        let mapper = try RecordMapper(settings: SettingsRecord(currency: currency.code, isSetUp: true))
        for event in events { try apply(event, mapper: mapper) }
    }

    mutating func apply(_ event: HistoryEventRecord, mapper: RecordMapper) throws {
        switch event.event {
        case .completed:
            guard let record = event.cart else { throw RecordError("a completed event has no cart") }
            let cart = try mapper.cart(record)
            if carts.updateValue(cart, forKey: cart.id) != nil { order.removeAll { $0 == cart.id } }
            order.append(cart.id)
        case .removed:
            guard let id = event.cartId.map(CartID.init) else { throw RecordError("a removed event has no cart id") }
            if carts.removeValue(forKey: id) != nil { order.removeAll { $0 == id } }
        case .prices:
            guard let records = event.observations else { throw RecordError("a prices event has no observations") }
            observations += try records.filter { $0.source == "manual" }.map(mapper.observation)
        case .retracted:
            break
        }
    }
}
