@testable import DataLayer
import Foundation
import TestSupport
import Testing

/// `CanonicalJSON` reads what Grock writes without `JSONDecoder`; for anything else it must
/// step aside, so that a record from the household folder always reads as `JSONDecoder` reads it.
@Suite struct CanonicalJSONTests {
    static func randomLine(_ random: inout SeededGenerator) -> CartLineRecord {
        func text(_ length: Int) -> String {
            let letters = Array("abcXYZ 09äöü€🍎-_/.")
            return String((0..<length).map { _ in letters.randomElement(using: &random)! })
        }
        func maybe<T>(_ value: T) -> T? { Bool.random(using: &random) ? value : nil }
        return CartLineRecord(itemId: text(16), name: text(Int.random(in: 1...40, using: &random)), category: maybe(text(8)),
                              quantity: ["1", "0.5", "2.25", "1000"].randomElement(using: &random)!,
                                  unit: ["each", "kg", "pack 500 g"].randomElement(using: &random)!,
                              plannedStoreId: maybe(text(16)), plannedPrice: maybe(Int64.random(in: 0...Int64.max, using: &random)),
                              fulfilled: .random(using: &random), actualStoreId: maybe(text(16)),
                              actualPrice: maybe(Int64.random(in: Int64.min...Int64.max, using: &random)), purchasedQuantity: maybe("3"),
                              impulse: .random(using: &random))
    }

    static func randomText(_ length: Int, _ random: inout SeededGenerator) -> String {
        let letters = Array("abcXYZ 09äöü€🍎-_/.:+")
        return String((0..<length).map { _ in letters.randomElement(using: &random)! })
    }

    static func randomObservation(_ random: inout SeededGenerator) -> ObservationRecord {
        ObservationRecord(itemId: randomText(16, &random), storeId: randomText(16, &random),
            price: Int64.random(in: Int64.min...Int64.max, using: &random),
                          unit: ["each", "kg", "pack 500 g"].randomElement(using: &random)!, observedAt: randomText(25, &random),
                          source: Bool.random(using: &random) ? "manual" : randomText(16, &random), promotion: .random(using: &random))
    }

    static func randomOption(_ random: inout SeededGenerator) -> PriceOptionRecord {
        PriceOptionRecord(storeId: randomText(16, &random), unit: ["each", "kg", "pack 6"].randomElement(using: &random)!,
                          regular: Bool.random(using: &random) ? QuoteRecord(price: .random(in: 0...99_999, using: &random),
                              observedAt: randomText(25, &random)) : nil,
                          promotion: Bool.random(using: &random)
                              ? PromotionRecord(price: .random(in: 0...99_999, using: &random), observedAt: randomText(25, &random),
                                                until: Bool.random(using: &random) ? "2026-12-01" : nil)
                              : nil)
    }

    static func randomItem(_ random: inout SeededGenerator) -> ItemRecord {
        ItemRecord(id: randomText(16, &random), name: randomText(Int.random(in: 1...30, using: &random), &random),
            categoryId: randomText(16, &random),
                   unit: ["each", "kg", "l"].randomElement(using: &random)!, prices: [])
    }

    static func randomCart(_ random: inout SeededGenerator) -> CartRecord {
        func maybe<T>(_ value: T) -> T? { Bool.random(using: &random) ? value : nil }
        return CartRecord(id: randomText(16, &random), name: randomText(Int.random(in: 1...30, using: &random), &random),
                          budget: maybe(Int64.random(in: 0...Int64.max, using: &random)),
                              status: ["planning", "shopping", "completed"].randomElement(using: &random)!,
                          createdAt: randomText(25, &random), startedAt: maybe(randomText(25, &random)),
                              completedAt: maybe(randomText(25, &random)), lines: [])
    }

    static func randomOrder(_ random: inout SeededGenerator) -> [String] {
        (0..<Int.random(in: 0...5, using: &random)).map { _ in randomText(16, &random) }
    }

    /// Every record kind read without `JSONDecoder` reads back as Grock wrote it, and as
    /// `JSONDecoder` reads it: its `init?(canonical:)` and its `Codable` cannot drift apart.
    /// A part with what is kept apart in it (an item's prices, a cart's lines) is left to `JSONDecoder`.
    @Test func whatGrockWritesReadsBackWithoutJSONDecoder() throws {
        var random = SeededGenerator(state: 7)
        var read = 0, leftToDecoder = 0
        func readsBack<Record: Codable & Equatable>(_ record: Record, _ canonical: (String) -> Record?) throws {
            let payload = try SyncParts.json(record)
            let decoded = try JSONDecoder().decode(Record.self, from: Data(payload.utf8))
            #expect(decoded == record, "\(payload)")
            if let fast = canonical(payload) {
                #expect(fast == decoded, "\(Record.self): \(payload)")
                read += 1
            } else {
                leftToDecoder += 1
            }
        }
        for _ in 0..<500 {
            let line = Self.randomLine(&random)
            try readsBack(line, CartLineRecord.init(canonical:))
            try readsBack(Self.randomObservation(&random), ObservationRecord.init(canonical:))
            let option = Self.randomOption(&random)
            try readsBack(option, PriceOptionRecord.init(canonical:))
            var item = Self.randomItem(&random)
            try readsBack(item, ItemRecord.init(canonical:))
            item.prices = [option]
            try readsBack(item, ItemRecord.init(canonical:))
            var cart = Self.randomCart(&random)
            try readsBack(cart, CartRecord.init(canonical:))
            cart.lines = [line]
            try readsBack(cart, CartRecord.init(canonical:))
            try readsBack(Self.randomOrder(&random), CanonicalJSON.strings)
            try readsBack(Self.randomText(20, &random), CanonicalJSON.string)
        }
        // Seven of the nine each round are read without JSONDecoder; the item and the cart with
        // their parts in them are not.
        #expect(read == 3_500 && leftToDecoder == 1_000, "read \(read), left \(leftToDecoder)")
        #expect(CanonicalJSON.strings("[]") == [])
    }

    /// `SyncParts.json` writes records without `JSONEncoder` when it can: the text must be
    /// `JSONEncoder`'s, byte for byte, for every record kind and for texts it escapes, or two
    /// devices would hold one part under two spellings.
    @Test func whatGrockWritesIsJSONEncodersTextByteForByte() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        func foundation<T: Encodable>(_ value: T) throws -> String { String(decoding: try encoder.encode(value), as: UTF8.self) }
        var random = SeededGenerator(state: 19)
        // Escaped by JSONEncoder (left to it), and characters it writes as they are.
        let awkward = ["", "\"", "\\", "a/b", "\n", "\t", "\u{1}", "\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}", "é", "🍎", "\u{FEFF}",
            "<script>"]
        func text() -> String {
            Self.randomText(.random(in: 0...12, using: &random),
            &random) + (Bool.random(using: &random) ? awkward.randomElement(using: &random)! : "") }
        var written = 0
        for _ in 0..<2_000 {
            var line = Self.randomLine(&random)
            line.name = text()
            #expect(try SyncParts.json(line) == (try foundation(line)))
            var observation = Self.randomObservation(&random)
            observation.storeId = text()
            #expect(try SyncParts.json(observation) == (try foundation(observation)))
            let option = Self.randomOption(&random)
            #expect(try SyncParts.json(option) == (try foundation(option)))
            var item = Self.randomItem(&random)
            item.name = text()
            item.prices = Bool.random(using: &random) ? [option] : []
            #expect(try SyncParts.json(item) == (try foundation(item)))
            var cart = Self.randomCart(&random)
            cart.lines = Bool.random(using: &random) ? [line] : []
            #expect(try SyncParts.json(cart) == (try foundation(cart)))
            let store = StoreRecord(id: text(), name: text(), createdAt: text(),
                aisleOrder: (0..<Int.random(in: 0...3, using: &random)).map { _ in text() },
                                    removed: .random(using: &random),
                                    receiptNames: Bool.random(using: &random) ? [ReceiptNameRecord(text: text(), itemId: text())] : nil)
            #expect(try SyncParts.json(store) == (try foundation(store)))
            let category = CategoryRecord(id: text(), name: text(), sortOrder: .random(in: Int.min...Int.max, using: &random))
            #expect(try SyncParts.json(category) == (try foundation(category)))
            let settings = SettingsRecord(currency: text(), isSetUp: .random(using: &random))
            #expect(try SyncParts.json(settings) == (try foundation(settings)))
            let order = (0..<Int.random(in: 0...4, using: &random)).map { _ in text() }
            #expect(try SyncParts.json(order) == (try foundation(order)))
            let summary = text()
            #expect(try SyncParts.json(summary) == (try foundation(summary)))
            if CanonicalJSONWriter.text(line) != nil { written += 1 }
        }
        // Most records take the quick way; the awkward texts the slow one.
        #expect(written > 1_000)
        #expect(CanonicalJSONWriter.text("a\"b") == nil)
        #expect(CanonicalJSONWriter.text(1.5) == nil)
    }

    /// Damaged and forged variants of canonical records: either read exactly as JSONDecoder
    /// reads them, or left to it.
    @Test func anythingElseReadsAsJSONDecoderReadsIt() throws {
        var random = SeededGenerator(state: 11)
        try Self.damaged(CartLineRecord.self, canonical: CartLineRecord.init(canonical:), &random) { Self.randomLine(&$0) }
        try Self.damaged(ObservationRecord.self, canonical: ObservationRecord.init(canonical:), &random) { Self.randomObservation(&$0) }
        try Self.damaged(PriceOptionRecord.self, canonical: PriceOptionRecord.init(canonical:), &random) { Self.randomOption(&$0) }
        try Self.damaged(ItemRecord.self, canonical: ItemRecord.init(canonical:), &random) { Self.randomItem(&$0) }
        try Self.damaged(CartRecord.self, canonical: CartRecord.init(canonical:), &random) { Self.randomCart(&$0) }
        try Self.damaged(String.self, canonical: CanonicalJSON.string, &random) { Self.randomText(Int.random(in: 0...30, using: &$0), &$0) }
        try Self.damaged([String].self, canonical: CanonicalJSON.strings, &random) { Self.randomOrder(&$0) }
        for payload in ["[\"a\",]", "[\"a\" ]", "[\"a\\\"\"]", "[1]", "[\"a\"]x", "[", "[\"a\",\"b\"]"] {
            let decoded = try? JSONDecoder().decode([String].self, from: Data(payload.utf8))
            if let fast = CanonicalJSON.strings(payload) { #expect(fast == decoded, "\(payload)") }
        }
        #expect(CanonicalJSON.strings("[\"a\",\"b\"]") == ["a", "b"])
    }

    /// 4,000 damaged variants of random records of a type: each is read by the canonical reader
    /// exactly as `JSONDecoder` reads it, or left to it; both happen.
    static func damaged<Record: Codable & Equatable>(_ type: Record.Type, canonical: (String) -> Record?, _ random: inout SeededGenerator,
                                                     record: (inout SeededGenerator) -> Record) throws {
        let insertions = ["\\\"", "\\u0041", " ", "\n", "\u{01}", "null", "-0", "01", "1.5", "1e3", "99999999999999999999", "{}", "[]",
                          ",\"name\":\"x\"", ",\"extra\":1", "\"", ":", ",", "}", "]", "tru", "\u{FF}",
                              "{\"price\":1,\"observedAt\":\"x\"}",
                          "{\"a\":{\"b\":{}}}"]
        var read = 0, leftToDecoder = 0
        for _ in 0..<4000 {
            var bytes = Array(try SyncParts.json(record(&random)).utf8)
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let position = Int.random(in: 0...bytes.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: bytes.insert(contentsOf: Array(insertions.randomElement(using: &random)!.utf8), at: position)
                case 1: if position < bytes.count { bytes.remove(at: position) }
                case 2: if position < bytes.count { bytes[position] = UInt8.random(in: 0...255, using: &random) }
                default: bytes = Array(bytes.prefix(position))
                }
            }
            let payload = String(decoding: bytes, as: UTF8.self)
            let decoded = try? JSONDecoder().decode(Record.self, from: Data(payload.utf8))
            if let fast = canonical(payload) {
                #expect(fast == decoded, "\(Record.self): \(payload)")
                read += 1
            } else {
                leftToDecoder += 1
            }
        }
        #expect(read > 100 && leftToDecoder > 100, "\(Record.self): read \(read), left \(leftToDecoder)")
    }
}
