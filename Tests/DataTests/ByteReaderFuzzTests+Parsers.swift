#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import DataLayer
import Domain
import TestSupport
import Testing

/// The parsers on `ByteReader` (the spending cache, the vault index and its overlay, history and
/// state), each fed its own file cut, damaged and re-sealed.
extension ByteReaderFuzzTests {
    static let currency = Currency.euro
    static func hex16(_ number: Int) -> String {
        let text = String(number, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }
    static let itemIDs = (0..<12).map { ItemID(hex16(0x1000 + $0 * 7919)) }
    static let stores = [StoreID("00b4831038c5b1dd"), StoreID("13325076bb493665"), StoreID("2fa0c3a81e5d7702")]

    /// A history of `carts` finished trips over a dozen items, with prices seen by hand.
    static func history(carts: Int, _ random: inout SeededGenerator) -> [UInt8] {
        var text = "grock-history\t2\n"
        let time = "2026-11-02T10:00:00+01:00"
        for (index, item) in itemIDs.prefix(4).enumerated() {
            text += "O\t\(item.rawValue)\t\(stores[index % 3].rawValue)\t\(index % 2 == 0 ? "each" : "kg")\t\(100 + index)"
                + "\t\(time)\t\(index % 2)\n"
        }
        for cart in 0..<carts {
            let lines = Int.random(in: 1...5, using: &random)
            text += "C\t\(hex16(0xC000 + cart))\t\(cart % 3 == 0 ? "" : "2000")\t\(time)"
                + "\t\(time)\t\(time)\t352\t495\t\(lines)\t\(lines)\tTrip \\t\(cart)\n"
            for line in 0..<lines {
                let item = itemIDs[Int.random(in: 0..<itemIDs.count, using: &random)].rawValue, store = stores[line % 3].rawValue
                text += "L\t\(item)\t1.5\t\(line % 2 == 0 ? "each" : "lb")\t\(store)\t89\t1\t\(store)\t189\t1.4\t0\tProduce\tItem "
                    + "\(item.suffix(3))\n"
            }
        }
        return Array(text.utf8)
    }

    static func vaultItems() -> [Item] {
        let seen = Timestamp(clamping: 1_790_000_000, utcOffsetSeconds: 3600)
        return itemIDs.enumerated().map { index, id in
            let prices = stores.prefix(index % 3 + 1).map { store in
                PriceOption(store: store, unit: index % 2 == 0 ? .each : .kg,
                    regular: PriceQuote(price: Money(minorUnits: Int64(99 + index), currency: currency), observedAt: seen),
                            promotion: index % 4 == 0 ? Promotion(quote: PriceQuote(price: Money(minorUnits: 79, currency: currency),
                                observedAt: seen), until: Day(year: 2026, month: 12, day: 1)) : nil)
            }
            return Item(id: id, name: index == 5 ? "Bread\twith a tab" : "Item \(index)",
                categoryID: CategoryID(index % 3 == 0 ? "9544792a4a6b7507" : "29fad494f85c9a54"),
                        unit: index % 2 == 0 ? .each : .kg, prices: prices)
        }
    }

    /// `bytes` with the checksum after the header line's last tab made right for what follows it.
    static func resealedText(_ bytes: [UInt8]) -> [UInt8] {
        guard let lineEnd = bytes.firstIndex(of: 0x0A), let tab = bytes[..<lineEnd].lastIndex(of: 0x09) else { return bytes }
        return Array(bytes[...tab]) + Array(Checksum.hex(of: Array(bytes[(lineEnd + 1)...])).utf8) + Array(bytes[lineEnd...])
    }

    /// `bytes` with the spending cache's trailing checksum made right for what comes before it.
    static func resealedCache(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count > 8 else { return bytes }
        let contents = Array(bytes.dropLast(8))
        return contents + withUnsafeBytes(of: Checksum.value(of: contents).littleEndian, Array.init)
    }

    @Test func theSpendingCacheReadsOrThrows() throws {
        var random = SeededGenerator(state: 2503)
        let history = Self.history(carts: 30, &random)
        let (data, manual) = try history.withByteReader(path: "history") { try HistoryCodec.decodeSpending($0, currency: Self.currency) }
        #expect(data.lineCount > 30 && manual.count == 4)
        let sound = try #require(SpendingCache.encode(.init(historyLength: history.count, historyChecksum: Checksum.value(of: history),
            data: data, manual: manual,
                                                            historySeal: 7)))
        let whole = try sound.withByteReader(path: "cache") { try SpendingCache.decode($0, currency: Self.currency) }
        #expect(whole.data == data && whole.manual == manual)
        var read = 0
        for round in 0..<1500 {
            let bytes = round % 2 == 0 ? Self.resealedCache(Self.damaged(sound, &random)) : Self.damaged(sound, &random)
            let item = Self.itemIDs[round % Self.itemIDs.count]
            bytes.withByteReader(path: "cache") { file in
                if Self.readsOrThrows("cache", { _ = try SpendingCache.decode(file, currency: Self.currency) }) { read += 1 }
                _ = Self.readsOrThrows("cache item") { _ = try SpendingCache.decode(item, file, currency: Self.currency) }
                _ = Self.readsOrThrows("cache layout") { _ = try SpendingCache.layout(file) }
            }
        }
        #expect(read > 0 && read < 1500)
    }

    @Test func theVaultIndexReadsOrThrows() throws {
        var random = SeededGenerator(state: 2504)
        let items = Self.vaultItems()
        let sound = VaultCodec.encode(items)
        let index = try VaultIndex(sound, path: "vault")
        #expect(try index.allItems(currency: Self.currency) == items.sorted { $0.id < $1.id })
        let overlay = VaultOverlay(base: "vault-3.tsv", baseChecksum: try #require(VaultCodec.checksum(of: sound)),
                                         changed: [items[1].id: items[1], items[2].id: items[2]], deleted: [items[4].id])
        let overlayBytes = overlay.encode()
        #expect(try VaultOverlay.decode(overlayBytes, currency: Self.currency, path: "overlay").changed == overlay.changed)
        var read = 0
        for round in 0..<1500 {
            let bytes = round % 2 == 0 ? Self.resealedText(Self.damaged(sound, &random)) : Self.damaged(sound, &random)
            // Verified: trusted as if its stamp vouched for it, so its lines are not checked first.
            let verified = round % 4 < 2
            let wanted = [Self.itemIDs[round % Self.itemIDs.count], ItemID("never")]
            if Self.readsOrThrows("vault index", {
                let index = try VaultIndex(bytes, path: "vault", verified: verified)
                _ = (index.count, index.categories, index.stores, index.isTrusted)
                for id in wanted {
                    _ = index.contains(id)
                    _ = Self.readsOrThrows("vault item") { _ = try index.item(id, currency: Self.currency) }
                }
                _ = Self.readsOrThrows("vault names") { _ = try index.names() }
                _ = Self.readsOrThrows("vault key") { _ = try index.names(withKey: Name.key("Item 3")) }
                _ = Self.readsOrThrows("vault items") { _ = try index.allItems(currency: Self.currency) }
                let rewritten = index.rewritten(changed: [items[3].id: items[3]], deleted: [wanted[0]], path: "vault-2")
                _ = Self.readsOrThrows("rewritten") { _ = try rewritten.item(items[3].id, currency: Self.currency) }
                let overlaid = index.overlaid(by: overlay, at: "overlay")
                _ = Self.readsOrThrows("overlaid") { _ = (try overlaid.names(), try overlaid.item(wanted[0], currency: Self.currency)) }
            }) { read += 1 }
            _ = Self.readsOrThrows("vault") { _ = try VaultCodec.decode(bytes, currency: Self.currency, path: "vault") }
            _ = VaultCodec.checksum(of: bytes)
        }
        #expect(read > 0 && read < 1500)
    }

    @Test func theVaultOverlayReadsOrThrows() throws {
        var random = SeededGenerator(state: 2505)
        let items = Self.vaultItems()
        let vault = VaultCodec.encode(items)
        let index = try VaultIndex(vault, path: "vault")
        let sound = VaultOverlay(base: "vault-3.tsv", baseChecksum: try #require(VaultCodec.checksum(of: vault)),
                                       changed: [items[1].id: items[1], items[7].id: items[7]],
                                           deleted: [items[4].id, items[9].id]).encode()
        var read = 0
        for round in 0..<1500 {
            let bytes = round % 4 != 3 ? Self.resealedText(Self.damaged(sound, &random)) : Self.damaged(sound, &random)
            if Self.readsOrThrows("overlay", {
                let overlay = try VaultOverlay.decode(bytes, currency: Self.currency, path: "overlay")
                let overlaid = index.overlaid(by: overlay, at: "overlay")
                _ = (overlaid.count, overlaid.categories, overlaid.contains(items[4].id))
                _ = Self.readsOrThrows("overlaid") { _ = (try overlaid.names(), try overlaid.item(items[7].id, currency: Self.currency)) }
            }) { read += 1 }
            _ = VaultOverlay.checksum(of: bytes)
        }
        #expect(read > 0 && read < 1500)
    }

    /// The other readers of compact files, on the same `CompactFile` and `FieldReader`.
    @Test func historyAndStateReadOrThrow() throws {
        var random = SeededGenerator(state: 2506)
        let history = Self.history(carts: 10, &random)
        let state = Array("grock-state\t8\t\nF\tvault-3.tsv\thistory.tsv\t\(history.count)\t0\t4\n".utf8)
        for round in 0..<1000 {
            let bytes = Self.damaged(history, &random)
            bytes.withByteReader(path: "history") { history in
                _ = Self.readsOrThrows("history") { _ = try HistoryCodec.decodeSpending(history, currency: Self.currency) }
                _ = Self.readsOrThrows("history trips") {
                    _ = try HistoryCodec.decodeSpending(history, currency: Self.currency, tripsOnly: true) }
                _ = Self.readsOrThrows("history item") {
                    _ = try HistoryCodec.decodeSpending(history, currency: Self.currency, item: Self.itemIDs[round % 12]) }
                _ = Self.readsOrThrows("history tail") {
                    _ = try HistoryCodec.decodeSpendingTail(history, from: Int.random(in: -2...(bytes.count + 2), using: &random),
                        currency: Self.currency)
                }
                _ = Self.readsOrThrows("history log") { _ = try HistoryCodec.decode(history, currency: Self.currency) }
                _ = Self.readsOrThrows("history cart") {
                    _ = try HistoryCodec.decodeCart(CartID(Self.hex16(0xC000 + round % 10)), from: history, currency: Self.currency) }
                _ = HistoryCodec.cartIDs(in: history)
                _ = Checksum.lines(history.whole, continuing: UInt64(round))
            }
            _ = Self.readsOrThrows("history in pieces") {
                _ = try HistoryCodec.liveCompletions(RecordBytes(bytes: bytes[...], header: HistoryCodec.header, path: "history"),
                    currency: Self.currency)
            }
            _ = Self.readsOrThrows("state") { _ = try StateCodec.decode(Self.damaged(state, &random), path: "state") }
        }
    }
}
