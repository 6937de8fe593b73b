// The record of an item (its prices are `PriceOptionRecord`s): in the vault, history, backups and sync parts.

struct ItemRecord: Codable, Equatable {
    var id: String
    var name: String
    var categoryId: String
    var unit: String
    var prices: [PriceOptionRecord]
}

// MARK: - Read without JSONDecoder (CanonicalJSON.swift says why, and how its tests hold it to JSONDecoder)

extension ItemRecord {
    /// An item's part (its prices kept apart, `[]`) from its canonical JSON, or nil when
    /// `JSONDecoder` must read it.
    init?(canonical payload: String) {
        guard let fields = CanonicalJSON.fields(payload) else { return nil }
        var id: String?, name: String?, categoryId: String?, unit: String?, hasPrices = false
        for (field, value) in fields {
            guard let key = CodingKeys(stringValue: field) else { return nil }
            switch (key, value) {
            case (.id, .text(let text)): id = text
            case (.name, .text(let text)): name = text
            case (.categoryId, .text(let text)): categoryId = text
            case (.unit, .text(let text)): unit = text
            case (.prices, .emptyArray): hasPrices = true
            default: return nil
            }
        }
        guard let id, let name, let categoryId, let unit, hasPrices else { return nil }
        self.init(id: id, name: name, categoryId: categoryId, unit: unit, prices: [])
    }
}
