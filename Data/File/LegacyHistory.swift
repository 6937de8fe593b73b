import Domain

extension HistoryLog {
    /// History from the JSON Lines events of schema 1 (`history.jsonl`). Prices paid on trips
    /// recorded there as observations are left out: the carts' lines say the same.
    init(legacy events: [HistoryEventRecord], currency: Currency) throws {
        self.init()
        let mapper = try RecordMapper(settings: SettingsRecord(currency: currency.code, isSetUp: true))
        for event in events {
            switch event.event {
            case .completed:
                guard let record = event.cart else { throw RecordError("a completed event has no cart") }
                try complete(try mapper.cart(record))
            case .removed:
                guard let id = event.cartId else { throw RecordError("a removed event has no cart id") }
                remove(CartID(id))
            case .prices:
                guard let records = event.observations else { throw RecordError("a prices event has no observations") }
                record(try records.filter { $0.source == "manual" }.map(mapper.observation))
            case .retracted:
                break
            }
        }
    }
}
