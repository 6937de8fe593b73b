#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import DataLayer
import Domain
import TestSupport
import Testing

/// Random, cut and damaged bytes for `ByteReader` and the parsers built on it (the spending
/// cache, the vault index and its overlay, the vault, state and history codecs): each either
/// reads them or throws `StorageError`; none traps or reads outside the bytes. The damage is
/// re-sealed half the time (the checksum made right again), so that the parsers behind the
/// checksum see it too, as they would in a file forged on purpose. Seeded: every run tries the
/// same cases.
@Suite struct ByteReaderFuzzTests {
    /// Damage of one of several kinds: cut short, bits flipped, bytes inserted or removed, a
    /// byte made a tab, line break, backslash or digit, a run of random bytes written over.
    static func damaged(_ bytes: [UInt8], _ random: inout SeededGenerator) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let at = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0: bytes = Array(bytes.prefix(at))
            case 1: if !bytes.isEmpty { bytes[at] ^= 1 << UInt8.random(in: 0..<8, using: &random) }
            case 2: bytes.insert(UInt8.random(in: 0...255, using: &random), at: at)
            case 3: if !bytes.isEmpty { bytes.remove(at: at) }
            case 4: if !bytes.isEmpty { bytes[at] = [0x09, 0x0A, 0x5C, 0x30, 0x39, 0x2D, 0x3A, 0x2F].randomElement(using: &random) ?? 0 }
            default:
                for index in at..<min(bytes.count, at + Int.random(in: 1...12, using: &random)) { bytes[index] = UInt8.random(in: 0...255, using: &random) }
            }
        }
        return bytes
    }

    /// Runs `body`, which must return or throw `StorageError`; anything else is an issue.
    static func readsOrThrows(_ what: String, _ body: () throws -> Void) -> Bool {
        do {
            try body()
            return true
        } catch is StorageError {
            return false
        } catch {
            Issue.record("\(what): \(error) is not a StorageError")
            return false
        }
    }

    // MARK: - The reader itself

    @Test func theReaderChecksEveryOffset() {
        var random = SeededGenerator(state: 25)
        let extremes = [Int.min, Int.min + 1, -1, Int.max - 7, Int.max]
        for _ in 0..<3000 {
            let bytes = (0..<Int.random(in: 0...48, using: &random)).map { _ in [0x09, 0x0A, 0x41, UInt8.random(in: 0...255, using: &random)].randomElement(using: &random) ?? 0 }
            bytes.withByteReader(path: "fuzz") { reader in
                func offset() -> Int {
                    Int.random(in: 0..<8, using: &random) == 0 ? extremes.randomElement(using: &random) ?? 0 : Int.random(in: -4...(bytes.count + 4), using: &random)
                }
                let at = offset(), other = offset()
                let inside = at >= 0 && at < bytes.count
                #expect((try? reader.byte(at: at)) == (inside ? bytes[at] : nil))
                #expect(reader.byteIfPresent(at: at) == (inside ? bytes[at] : nil))
                if let value = try? reader.integer(UInt32.self, at: at) {
                    #expect(at >= 0 && at + 4 <= bytes.count)
                    #expect(value == (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[at + $1]) << (8 * $1) })
                } else {
                    #expect(at < 0 || at > bytes.count - 4)
                }
                _ = try? reader.integer(Int64.self, at: at)
                _ = try? reader.integer(UInt8.self, at: at)
                let count = Int.random(in: 0..<5, using: &random) == 0 ? offset() : Int.random(in: 0...12, using: &random)
                if let values = try? reader.integers(Int16.self, count: count, at: at) { #expect(values.count == count && at + 2 * count <= bytes.count) }
                if let found = reader.firstIndex(of: 0x0A, from: at, to: other) {
                    #expect(bytes[found] == 0x0A && found >= max(at, 0) && found < min(other, bytes.count))
                    #expect(!bytes[max(at, 0)..<found].contains(0x0A))
                }
                if let end = try? reader.lineEnd(from: at) { #expect(bytes[end] == 0x0A) }
                let fieldEnd = reader.fieldEnd(from: at, to: other)
                _ = reader.bytes(clamping: min(at, fieldEnd)..<max(at, fieldEnd)).reduce(0, &+)
                let range = min(at, other)..<max(at, other)
                if let slice = try? reader.bytes(in: range) {
                    #expect(Array(slice) == Array(bytes[range]))
                    #expect((try? reader.string(range)) == String(decoding: bytes[range], as: UTF8.self))
                } else {
                    #expect(range.lowerBound < 0 || range.upperBound > bytes.count)
                }
                #expect(reader.bytes(clamping: range).count == range.clamped(to: 0..<bytes.count).count)
                _ = reader.bytes(clamping: range).order(reader.whole)
                _ = Self.readsOrThrows("lines") {
                    try reader.forEachLine(from: at, to: other, firstLine: 1) { line, _ in
                        #expect(reader.contains(line) && !bytes[line].contains(0x0A))
                    }
                }
                var fields = FieldReader(reader, from: at, to: other, lineNumber: 1)
                _ = Self.readsOrThrows("fields") {
                    while !fields.isAtEnd { _ = fields.string(try fields.next()) }
                }
                var letters = FieldReader(reader, from: at, to: other, lineNumber: 1)
                _ = Self.readsOrThrows("letter") {
                    let letter = try letters.letter(), start = max(at, 0)
                    #expect(bytes[start] == letter && (start + 1 == min(other, bytes.count) || bytes[start + 1] == 0x09))
                }
                var parsed = FieldReader(reader, from: at, to: other, lineNumber: 1)
                _ = Self.readsOrThrows("parsed fields") {
                    while !parsed.isAtEnd {
                        switch Int.random(in: 0..<9, using: &random) {
                        case 0: _ = try parsed.unit()
                        case 1: _ = try parsed.flag()
                        case 2: _ = try parsed.optionalInteger()
                        case 3: _ = try parsed.optionalQuantity()
                        case 4: _ = try parsed.optionalTime()
                        case 5: _ = try parsed.lineUnits()
                        case 6: _ = try parsed.basis()
                        case 7: _ = try parsed.optionalText()
                        default: _ = try parsed.letter()
                        }
                    }
                }
                Self.checkSlices(reader, bytes, range, &random)
                Self.checkSubReader(reader, bytes, range, &random)
            }
        }
    }

    /// `bytes(in:)`, `bytes(clamping:)`, `whole` and what a `ByteSlice` answers, against the
    /// same questions asked of the array.
    static func checkSlices(_ reader: ByteReader, _ bytes: [UInt8], _ range: Range<Int>, _ random: inout SeededGenerator) {
        let inside = range.clamped(to: 0..<bytes.count)
        if let slice = try? reader.bytes(in: range) {
            #expect(reader.contains(range) && slice.indices == range && Array(slice) == Array(bytes[range]))
        } else {
            #expect(!reader.contains(range))
        }
        #expect(Array(reader.whole) == bytes && reader.whole.indices == 0..<bytes.count)
        let slice = reader.bytes(clamping: range)
        #expect(slice.indices == inside && Array(slice) == Array(bytes[inside]))
        #expect(slice.string == String(decoding: bytes[inside], as: UTF8.self) && String(decoding: slice, as: UTF8.self) == slice.string)
        #expect(slice.validString == String(validating: bytes[inside], as: UTF8.self))
        for byte: UInt8 in [0x09, 0x0A, 0x41] {
            #expect(slice.firstIndex(of: byte) == bytes[inside].firstIndex(of: byte))
            #expect(slice.contains(byte) == bytes[inside].contains(byte))
        }
        let ends = [Int.random(in: -2...(bytes.count + 2), using: &random), Int.random(in: -2...(bytes.count + 2), using: &random)].sorted()
        let other = reader.bytes(clamping: ends[0]..<ends[1])
        #expect((slice == other) == (Array(slice) == Array(other)))
        #expect(slice.elementsEqual(Array(other)) == (Array(slice) == Array(other)))
        #expect(slice.elementsEqual(bytes, at: other.startIndex) == (Array(slice) == Array(bytes[other.startIndex..<min(other.startIndex + slice.count, bytes.count)])))
        #expect(!slice.elementsEqual(bytes, at: -1) && !slice.elementsEqual(bytes, at: bytes.count - slice.count + 1))
        let order = slice.order(other)
        #expect(order.signum() == (Array(slice).lexicographicallyPrecedes(Array(other)) ? -1 : Array(slice) == Array(other) ? 0 : 1))
        #expect(Checksum.value(of: slice) == Checksum.value(of: Array(slice)) && Checksum.short(slice) == Checksum.short(Array(slice)))
        #expect(Checksum.lines(slice, continuing: 3) == Checksum.lines(Array(slice), continuing: 3))
        // A short field's key words: the bytes from an offset, zeros past the end, any offset.
        let from = Int.random(in: (inside.lowerBound - 3)...(inside.upperBound + 3), using: &random)
        let expected = (0..<8).reduce(UInt64(0)) { word, shift in
            inside.contains(from + shift) && from >= inside.lowerBound ? word | UInt64(bytes[from + shift]) << (8 * shift) : word
        }
        #expect(slice.integer(UInt64.self, paddedFrom: from) == expected)
        #expect(slice.integer(UInt16.self, paddedFrom: from) == UInt16(truncatingIfNeeded: expected))
        if !slice.isEmpty {
            let index = Int.random(in: inside, using: &random)
            #expect(slice[index] == bytes[index] && Array(slice[index...]) == Array(bytes[index..<inside.upperBound]))
        }
        checkSliceReads(slice, bytes, &random)
    }

    /// What a `ByteSlice` reads at any position and range, inside it or not (a parser's bug
    /// could ask for either): `byte(at:)` and `bytes(in:)` answer nil outside, the subscripts
    /// read 0 and cut the range to the slice; none traps or reads a byte outside the slice.
    static func checkSliceReads(_ slice: ByteSlice, _ bytes: [UInt8], _ random: inout SeededGenerator) {
        let inside = slice.indices
        func position() -> Int { Int.random(in: (inside.lowerBound - 3)...(inside.upperBound + 3), using: &random) }
        let at = position(), other = position()
        let expected: UInt8? = inside.contains(at) ? bytes[at] : nil
        #expect(slice.byte(at: at) == expected && slice[at] == expected ?? 0)
        let range = min(at, other)..<max(at, other)
        let part = range.clamped(to: inside)
        #expect(slice[range].indices == part && Array(slice[range]) == Array(bytes[part]))
        if let run = slice.bytes(in: range) {
            #expect(range.lowerBound >= inside.lowerBound && range.upperBound <= inside.upperBound && Array(run) == Array(bytes[range]))
        } else {
            #expect(range.lowerBound < inside.lowerBound || range.upperBound > inside.upperBound)
        }
    }

    /// `reader(in:)`: a reader of the range alone, whose reads outside it throw.
    static func checkSubReader(_ reader: ByteReader, _ bytes: [UInt8], _ range: Range<Int>, _ random: inout SeededGenerator) {
        guard let part = try? reader.reader(in: range) else {
            #expect(!reader.contains(range))
            return
        }
        #expect(part.count == range.count && Array(part.whole) == Array(bytes[range]) && part.path == reader.path)
        let at = Int.random(in: -2...(range.count + 2), using: &random)
        #expect((try? part.byte(at: at)) == (at >= 0 && at < range.count ? bytes[range.lowerBound + at] : nil))
        let from = range.lowerBound + min(max(at, 0), range.count)
        #expect(part.firstIndex(of: 0x0A, from: at) == bytes[from..<range.upperBound].firstIndex(of: 0x0A).map { $0 - range.lowerBound })
        _ = try? part.integer(UInt32.self, at: at)
        _ = try? part.integers(UInt16.self, count: Int.random(in: -1...4, using: &random), at: at)
    }

    /// `FileSystem.read`, which fills an array from a file: any place in the array, any count
    /// and any offset in the file either reads what is there or nothing, and never writes
    /// outside the array.
    @Test func readingIntoAnArrayStaysInside() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var random = SeededGenerator(state: 26)
        let file = (0..<100).map { _ in UInt8.random(in: 0...255, using: &random) }
        let path = directory.path + "/bytes"
        try FileSystem.writeAtomically(file, to: path, durable: false)
        let fd = open(path, O_RDONLY)
        #expect(fd >= 0)
        defer { close(fd) }
        let extremes = [Int.min, -1, 0, 99, 100, 101, Int.max]
        for _ in 0..<2000 {
            func number(_ range: ClosedRange<Int>) -> Int {
                Int.random(in: 0..<6, using: &random) == 0 ? extremes.randomElement(using: &random) ?? 0 : Int.random(in: range, using: &random)
            }
            var buffer = [UInt8](repeating: 0xEE, count: Int.random(in: 0...24, using: &random))
            let start = number(-2...26), count = number(-2...30), offset = number(-2...104)
            let got = FileSystem.read(fd, into: &buffer, at: start, count: count, offset: offset)
            #expect(got <= max(count, 0) && buffer.count <= 24)
            if got > 0 {
                #expect(Array(buffer[start..<(start + got)]) == Array(file[offset..<(offset + got)]))
                #expect(buffer[..<start].allSatisfy { $0 == 0xEE } && buffer[(start + got)...].allSatisfy { $0 == 0xEE })
            } else {
                #expect(buffer.allSatisfy { $0 == 0xEE })
            }
        }
    }

    // MARK: - The parsers on it

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
            text += "O\t\(item.rawValue)\t\(stores[index % 3].rawValue)\t\(index % 2 == 0 ? "each" : "kg")\t\(100 + index)\t\(time)\t\(index % 2)\n"
        }
        for cart in 0..<carts {
            let lines = Int.random(in: 1...5, using: &random)
            text += "C\t\(hex16(0xC000 + cart))\t\(cart % 3 == 0 ? "" : "2000")\t\(time)\t\(time)\t\(time)\t352\t495\t\(lines)\t\(lines)\tTrip \\t\(cart)\n"
            for line in 0..<lines {
                let item = itemIDs[Int.random(in: 0..<itemIDs.count, using: &random)].rawValue, store = stores[line % 3].rawValue
                text += "L\t\(item)\t1.5\t\(line % 2 == 0 ? "each" : "lb")\t\(store)\t89\t1\t\(store)\t189\t1.4\t0\tProduce\tItem \(item.suffix(3))\n"
            }
        }
        return Array(text.utf8)
    }

    static func vaultItems() -> [Item] {
        let seen = Timestamp(secondsSince1970: 1_790_000_000, utcOffsetSeconds: 3600)
        return itemIDs.enumerated().map { index, id in
            let prices = stores.prefix(index % 3 + 1).map { store in
                PriceOption(store: store, unit: index % 2 == 0 ? .each : .kg, regular: PriceQuote(price: Money(minorUnits: Int64(99 + index), currency: currency), observedAt: seen),
                            promotion: index % 4 == 0 ? Promotion(quote: PriceQuote(price: Money(minorUnits: 79, currency: currency), observedAt: seen), until: Day(year: 2026, month: 12, day: 1)) : nil)
            }
            return Item(id: id, name: index == 5 ? "Bread\twith a tab" : "Item \(index)", categoryID: CategoryID(index % 3 == 0 ? "9544792a4a6b7507" : "29fad494f85c9a54"),
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
        let sound = try #require(SpendingCache.encode(.init(historyLength: history.count, historyChecksum: Checksum.value(of: history), data: data, manual: manual,
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
                                       changed: [items[1].id: items[1], items[7].id: items[7]], deleted: [items[4].id, items[9].id]).encode()
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
                _ = Self.readsOrThrows("history trips") { _ = try HistoryCodec.decodeSpending(history, currency: Self.currency, tripsOnly: true) }
                _ = Self.readsOrThrows("history item") { _ = try HistoryCodec.decodeSpending(history, currency: Self.currency, item: Self.itemIDs[round % 12]) }
                _ = Self.readsOrThrows("history tail") {
                    _ = try HistoryCodec.decodeSpendingTail(history, from: Int.random(in: -2...(bytes.count + 2), using: &random), currency: Self.currency)
                }
                _ = Self.readsOrThrows("history log") { _ = try HistoryCodec.decode(history, currency: Self.currency) }
                _ = Self.readsOrThrows("history cart") { _ = try HistoryCodec.decodeCart(CartID(Self.hex16(0xC000 + round % 10)), from: history, currency: Self.currency) }
                _ = HistoryCodec.cartIDs(in: history)
                _ = Checksum.lines(history.whole, continuing: UInt64(round))
            }
            _ = Self.readsOrThrows("history in pieces") {
                _ = try HistoryCodec.liveCompletions(RecordBytes(bytes: bytes[...], header: HistoryCodec.header, path: "history"), currency: Self.currency)
            }
            _ = Self.readsOrThrows("state") { _ = try StateCodec.decode(Self.damaged(state, &random), path: "state") }
        }
    }
}
