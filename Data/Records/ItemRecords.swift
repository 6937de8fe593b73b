// The records of an item, its prices at each store and a price seen: in the vault, history,
// backups and sync parts.

struct ItemRecord: Codable, Equatable {
    var id: String
    var name: String
    var categoryId: String
    var unit: String
    var prices: [PriceOptionRecord]
}

struct PriceOptionRecord: Codable, Equatable {
    var storeId: String
    var unit: String
    var regular: QuoteRecord?
    var promotion: PromotionRecord?
}

struct QuoteRecord: Codable, Equatable {
    var price: Int64
    var observedAt: String
}

struct PromotionRecord: Codable, Equatable {
    var price: Int64
    var observedAt: String
    var until: String?
}

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

// MARK: - Read without JSONDecoder (`CanonicalJSON`)
// Sync's hot path reads these records without `JSONDecoder` (the reason and its figure are in
// CanonicalJSON.swift). Each field is named by the record's own `CodingKeys`, so the two cannot
// spell a key apart; CanonicalJSONTests holds both readers to one answer on random records.

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

extension PriceOptionRecord {
    /// The record from its canonical JSON (`CanonicalJSON`), or nil when `JSONDecoder` must read it.
    init?(canonical payload: String) {
        guard let fields = CanonicalJSON.fields(payload) else { return nil }
        var storeId: String?, unit: String?, regular: QuoteRecord?, promotion: PromotionRecord?
        for (field, value) in fields {
            guard let key = CodingKeys(stringValue: field) else { return nil }
            switch (key, value) {
            case (.storeId, .text(let text)): storeId = text
            case (.unit, .text(let text)): unit = text
            case (.regular, .object(let quote)):
                guard let record = QuoteRecord(canonical: quote) else { return nil }
                regular = record
            case (.promotion, .object(let quote)):
                guard let record = PromotionRecord(canonical: quote) else { return nil }
                promotion = record
            case (.regular, .null), (.promotion, .null): continue
            default: return nil
            }
        }
        guard let storeId, let unit else { return nil }
        self.init(storeId: storeId, unit: unit, regular: regular, promotion: promotion)
    }
}

extension QuoteRecord {
    fileprivate init?(canonical fields: [(key: String, value: CanonicalJSON.Value)]) {
        var price: Int64?, observedAt: String?
        for (field, value) in fields {
            guard let key = CodingKeys(stringValue: field) else { return nil }
            switch (key, value) {
            case (.price, .integer(let number)): price = number
            case (.observedAt, .text(let text)): observedAt = text
            default: return nil
            }
        }
        guard let price, let observedAt else { return nil }
        self.init(price: price, observedAt: observedAt)
    }
}

extension PromotionRecord {
    fileprivate init?(canonical fields: [(key: String, value: CanonicalJSON.Value)]) {
        var price: Int64?, observedAt: String?, until: String?
        for (field, value) in fields {
            guard let key = CodingKeys(stringValue: field) else { return nil }
            switch (key, value) {
            case (.price, .integer(let number)): price = number
            case (.observedAt, .text(let text)): observedAt = text
            case (.until, .text(let text)): until = text
            case (.until, .null): continue
            default: return nil
            }
        }
        guard let price, let observedAt else { return nil }
        self.init(price: price, observedAt: observedAt, until: until)
    }
}

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
