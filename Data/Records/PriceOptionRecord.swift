// The record of an item's price at one store and its two quotes, one family as a quote is stored only in its
// option: in the vault, history, backups and sync parts.

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

// MARK: - Read without JSONDecoder (CanonicalJSON.swift says why, and how its tests hold it to JSONDecoder)

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
