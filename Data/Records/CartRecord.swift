// The records of a cart and its lines, one family as a line is stored only with its cart: in `state.tsv`,
// history, backups and sync parts.

struct CartRecord: Codable, Equatable {
    var id: String
    var name: String
    var budget: Int64?
    var status: String
    var createdAt: String
    var startedAt: String?
    var completedAt: String?
    var lines: [CartLineRecord]
}

struct CartLineRecord: Codable, Equatable {
    var itemId: String
    var name: String
    var category: String?
    var quantity: String
    var unit: String
    var plannedStoreId: String?
    var plannedPrice: Int64?
    var fulfilled: Bool
    var actualStoreId: String?
    var actualPrice: Int64?
    var purchasedQuantity: String?
    var impulse: Bool
}

// MARK: - Read without JSONDecoder (CanonicalJSON.swift says why, and how its tests hold it to JSONDecoder)

extension CartLineRecord {
    /// The record from its canonical JSON (`CanonicalJSON`), or nil when `JSONDecoder` must read it.
    init?(canonical payload: String) {
        guard let fields = CanonicalJSON.fields(payload) else { return nil }
        var itemId: String?, name: String?, quantity: String?, unit: String?, fulfilled: Bool?, impulse: Bool?
        var category: String?, plannedStoreId: String?, plannedPrice: Int64?, actualStoreId: String?, actualPrice: Int64?
        var purchasedQuantity: String?
        for (field, value) in fields {
            guard let key = CodingKeys(stringValue: field) else { return nil }
            switch (key, value) {
            case (.itemId, .text(let text)): itemId = text
            case (.name, .text(let text)): name = text
            case (.quantity, .text(let text)): quantity = text
            case (.unit, .text(let text)): unit = text
            case (.fulfilled, .flag(let flag)): fulfilled = flag
            case (.impulse, .flag(let flag)): impulse = flag
            case (.category, .text(let text)): category = text
            case (.plannedStoreId, .text(let text)): plannedStoreId = text
            case (.plannedPrice, .integer(let number)): plannedPrice = number
            case (.actualStoreId, .text(let text)): actualStoreId = text
            case (.actualPrice, .integer(let number)): actualPrice = number
            case (.purchasedQuantity, .text(let text)): purchasedQuantity = text
            case (.category, .null), (.plannedStoreId, .null), (.plannedPrice, .null), (.actualStoreId, .null), (.actualPrice, .null),
                 (.purchasedQuantity, .null):
                continue
            default: return nil
            }
        }
        guard let itemId, let name, let quantity, let unit, let fulfilled, let impulse else { return nil }
        self.init(itemId: itemId, name: name, category: category, quantity: quantity, unit: unit, plannedStoreId: plannedStoreId,
                  plannedPrice: plannedPrice, fulfilled: fulfilled, actualStoreId: actualStoreId, actualPrice: actualPrice,
                  purchasedQuantity: purchasedQuantity, impulse: impulse)
    }
}

extension CartRecord {
    /// A cart's part (its lines kept apart, `[]`) from its canonical JSON, or nil when
    /// `JSONDecoder` must read it.
    init?(canonical payload: String) {
        guard let fields = CanonicalJSON.fields(payload) else { return nil }
        var id: String?, name: String?, budget: Int64?, status: String?, createdAt: String?, startedAt: String?, completedAt: String?
        var hasLines = false
        for (field, value) in fields {
            guard let key = CodingKeys(stringValue: field) else { return nil }
            switch (key, value) {
            case (.id, .text(let text)): id = text
            case (.name, .text(let text)): name = text
            case (.budget, .integer(let number)): budget = number
            case (.status, .text(let text)): status = text
            case (.createdAt, .text(let text)): createdAt = text
            case (.startedAt, .text(let text)): startedAt = text
            case (.completedAt, .text(let text)): completedAt = text
            case (.lines, .emptyArray): hasLines = true
            case (.budget, .null), (.startedAt, .null), (.completedAt, .null): continue
            default: return nil
            }
        }
        guard let id, let name, let status, let createdAt, hasLines else { return nil }
        self.init(id: id, name: name, budget: budget, status: status, createdAt: createdAt, startedAt: startedAt, completedAt: completedAt,
                  lines: [])
    }
}
