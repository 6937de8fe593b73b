/// The record of a price seen: in history, backups and sync parts.
struct ObservationRecord: Codable, Equatable {
    var itemId: String
    var storeId: String
    var price: Int64
    var unit: String
    var observedAt: String
    /// `manual`, or the id of the cart whose trip paid it.
    var source: String
    var promotion: Bool
}

// MARK: - Read without JSONDecoder (CanonicalJSON.swift says why, and how its tests hold it to JSONDecoder)

extension ObservationRecord {
    /// The record from its canonical JSON (`CanonicalJSON`), or nil when `JSONDecoder` must read it.
    init?(canonical payload: String) {
        guard let fields = CanonicalJSON.fields(payload) else { return nil }
        var itemId: String?, storeId: String?, price: Int64?, unit: String?, observedAt: String?, source: String?, promotion: Bool?
        for (field, value) in fields {
            guard let key = CodingKeys(stringValue: field) else { return nil }
            switch (key, value) {
            case (.itemId, .text(let text)): itemId = text
            case (.storeId, .text(let text)): storeId = text
            case (.price, .integer(let number)): price = number
            case (.unit, .text(let text)): unit = text
            case (.observedAt, .text(let text)): observedAt = text
            case (.source, .text(let text)): source = text
            case (.promotion, .flag(let flag)): promotion = flag
            default: return nil
            }
        }
        guard let itemId, let storeId, let price, let unit, let observedAt, let source, let promotion else { return nil }
        self.init(itemId: itemId, storeId: storeId, price: price, unit: unit, observedAt: observedAt, source: source, promotion: promotion)
    }
}
