#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Domain

extension VaultCodec {
    /// Where each item is in a vault file, found from its `I` lines: byte offsets, not strings,
    /// so that a command touching one item of thousands decodes one. Names are read in place
    /// when asked for; an item's prices when it is.
    struct Index {
        let bytes: [UInt8]
        let path: String
        /// Offsets of the `I` lines in file order, which is id order; an item's lines run to
        /// the next item's.
        private let starts: [Int]
        /// The line number of each `I` line; nil for a trusted file, whose lines are numbered
        /// only when one turns out to be wrong.
        private let lineNumbers: [Int]?
        /// Every store the vault has a price at (nil when the checksum vouches for the file and
        /// its prices were not read).
        let stores: Set<String>?
        /// The category of each item (by position), as a number into `categoryNames`.
        private let categorySlots: [UInt32]
        private let categoryNames: [String]
        /// Whether the ids of the `I` lines are in order (always, in a file Grock wrote), so
        /// that an id is found by binary search alone.
        private let ordered: Bool
        /// The stamp of the file `bytes` were read from, when its checksum was found right
        /// (or trusted by that stamp): what the state records to trust it next time.
        var stamp: String? = nil
        /// When the vault is a whole vault with an overlay on it (`vault-B+N.tsv`), the overlay
        /// and its path: its items are looked up first, and `bytes` stay the whole vault's,
        /// never copied.
        private(set) var overlay: Overlay? = nil
        private(set) var overlayPath: String? = nil
        /// Whether each of the whole vault's items is changed or deleted by the overlay (empty
        /// without one), and how many are.
        private var hidden: [Bool] = []
        private var hiddenCount = 0

        private func isHidden(_ position: Int) -> Bool { !hidden.isEmpty && hidden[position] }

        /// Whether the whole vault's checksum vouches for it (found right, or trusted by its stamp).
        var isTrusted: Bool { lineNumbers == nil }

        /// The name of the vault as the state names it: the overlay's path when there is one.
        var name: String { overlayPath ?? path }

        /// Every category the vault's items are in.
        var categories: Set<String> {
            guard let overlay else { return Set(categoryNames) }
            var used = [Bool](repeating: false, count: categoryNames.count)
            for (position, slot) in categorySlots.enumerated() where !isHidden(position) { used[Int(slot)] = true }
            return Set(categoryNames.indices.lazy.filter { used[$0] }.map { categoryNames[$0] }).union(overlay.changed.values.map(\.categoryID.rawValue))
        }

        /// How many items the vault holds.
        var count: Int { starts.count - hiddenCount + (overlay?.changed.count ?? 0) }

        func contains(_ id: ItemID) -> Bool {
            if let overlay {
                if overlay.changed[id] != nil { return true }
                if overlay.deleted.contains(id) { return false }
            }
            return position(of: id) != nil
        }

        /// Reads the `I` lines. When the header's checksum says the file is the one Grock wrote
        /// (or `verified`: the caller found it right, or trusted it by its stamp), only those
        /// are looked at, found by searching for them; otherwise every line is checked for shape.
        /// - Throws: `StorageError.unreadable` naming `path` and the line.
        init(_ bytes: [UInt8], path: String, verified: Bool = false) throws {
            self.bytes = bytes
            self.path = path
            var starts: [Int] = [], lineNumbers: [Int] = [], slots: [UInt32] = []
            var stores = DistinctFields(), categories = DistinctFields()
            var trusted = false, ordered = true
            try bytes.withUnsafeBufferPointer { buffer in
                try CompactFile.checkHeader(buffer, header: header, path: path)
                let first = CompactFile.firstLineEnd(buffer) + 1
                trusted = try verified || VaultCodec.checksumMatches(buffer, linesFrom: first, path: path)
                starts.reserveCapacity(buffer.count / 200)
                slots.reserveCapacity(buffer.count / 200)
                if trusted {
                    // Every line is as Grock wrote it: an item starts where a line starts with "I".
                    let base = UnsafeRawPointer(buffer.start)
                    var start = first
                    func tab(after index: Int) -> Int {
                        memchr(base + index, 0x09, buffer.count - index).map { base.distance(to: $0) } ?? buffer.count
                    }
                    var previous = 0..<0
                    while start < buffer.count {
                        let end = base.distance(to: memchr(base + start, 0x0A, buffer.count - start)!)
                        if buffer[start] == 0x49 {  // I <id> <category> …
                            starts.append(start)
                            let idEnd = tab(after: start + 2)
                            let category = idEnd + 1
                            guard category < end else { throw StorageError.unreadable(path: path, reason: "an item line without a category") }
                            slots.append(categories.insert(category..<min(tab(after: category), end), of: buffer))
                            let id = (start + 2)..<idEnd
                            if ordered && !previous.isEmpty {
                                let common = min(previous.count, id.count)
                                let order = memcmp(base + previous.lowerBound, base + id.lowerBound, common)
                                if order > 0 || (order == 0 && previous.count >= id.count) { ordered = false }
                            }
                            previous = id
                        }
                        start = end + 1
                    }
                    return
                }
                ordered = false
                lineNumbers.reserveCapacity(buffer.count / 200)
                // Not written by Grock as it is: every value is checked against the rules that
                // Grock's own writes obey, so that nothing it would refuse is carried along.
                var names = Set<String>()
                var lineNumber = 1
                var start = first
                let base = buffer.start
                while start < buffer.count {
                    let end = UnsafeRawPointer(memchr(base + start, 0x0A, buffer.count - start)!).assumingMemoryBound(to: UInt8.self) - base
                    lineNumber += 1
                    defer { start = end + 1 }
                    guard end > start else { continue }
                    var reader = FieldReader(buffer, from: start, to: end, lineNumber: lineNumber, path: path)
                    let kind = try reader.next()
                    if kind.count == 1 && buffer[start] == 0x49 {  // I
                        starts.append(start)
                        lineNumbers.append(lineNumber)
                        let id = try reader.next()
                        guard !id.isEmpty else { throw reader.failure("an item without an id") }
                        slots.append(categories.insert(try reader.next(), of: buffer))
                        _ = try reader.unit()
                        let name = try reader.text()
                        do {
                            guard try Name.validated(name, kind: "item") == name else { throw reader.failure("an item name with spaces around it") }
                        } catch let error as DomainError { throw reader.failure("\(error)") }
                        guard names.insert(Name.key(name)).inserted else { throw reader.failure("a second item named \"\(name)\"") }
                    } else if kind.count == 1 && buffer[start] == 0x24 && !starts.isEmpty {  // $
                        let store = try reader.next()
                        guard !store.isEmpty else { throw reader.failure("a price without a store") }
                        stores.insert(store, of: buffer)
                        _ = try reader.basis()
                        let regular = try reader.optionalInteger()
                        try reader.skip()
                        let promotion = try reader.optionalInteger()
                        guard (regular ?? 0) >= 0 && (promotion ?? 0) >= 0 else { throw reader.failure("a negative price") }
                        try reader.skip()
                        try reader.skip()
                    } else {
                        throw reader.failure("a price comes before any item, or an unknown record")
                    }
                    guard reader.isAtEnd else { throw reader.failure("too many fields") }
                }
            }
            self.starts = starts
            self.lineNumbers = trusted ? nil : lineNumbers
            self.stores = trusted ? nil : Set(stores.strings)
            self.categorySlots = slots
            self.categoryNames = categories.strings
            self.ordered = ordered
        }

        /// This index (of a whole vault) with `overlay`, read from `overlayPath`, on it.
        func overlaid(by overlay: Overlay, at overlayPath: String) -> Index {
            var index = self
            index.overlay = overlay
            index.overlayPath = overlayPath
            let positions = Set(Set(overlay.changed.keys).union(overlay.deleted).compactMap(position(of:)))
            index.hidden = [Bool](repeating: false, count: positions.isEmpty ? 0 : starts.count)
            for position in positions { index.hidden[position] = true }
            index.hiddenCount = positions.count
            return index
        }

        /// Every item, decoded with its prices, in id order.
        func allItems(currency: Currency) throws -> [Item] {
            let items = try VaultCodec.decode(bytes, currency: currency, path: path)
            guard let overlay else { return items }
            return (items.filter { overlay.changed[$0.id] == nil && !overlay.deleted.contains($0.id) } + overlay.changed.values).sorted { $0.id < $1.id }
        }

        /// The line number of item `position`'s `I` line, counted when it was not kept.
        private func lineNumber(at position: Int) -> Int {
            if let lineNumbers { return lineNumbers[position] }
            return bytes[..<starts[position]].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        }

        /// The item with `id`, decoded with its prices; nil when the vault has none.
        func item(_ id: ItemID, currency: Currency) throws -> Item? {
            if let overlay {
                if let item = overlay.changed[id] { return item }
                if overlay.deleted.contains(id) { return nil }
            }
            guard let position = position(of: id) else { return nil }
            var interner = Interner()
            return try bytes.withUnsafeBufferPointer { buffer in
                do {
                    return try decodeLines(buffer, from: starts[position], to: end(of: position), firstLine: lineNumbers?[position] ?? 0,
                                           currency: currency, path: path, interner: &interner).first
                } catch where lineNumbers == nil {
                    // Decode again with the right line numbers, for the message.
                    return try decodeLines(buffer, from: starts[position], to: end(of: position), firstLine: lineNumber(at: position),
                                           currency: currency, path: path, interner: &interner).first
                }
            }
        }

        /// Every item's id, name and category, in id order.
        func names() throws -> [ItemName] {
            let names = try bytes.withUnsafeBufferPointer { buffer in
                try starts.indices.compactMap { isHidden($0) ? nil : try name(at: $0, buffer) }
            }
            guard let overlay else { return names }
            return (names + overlay.changed.values.map { ItemName(id: $0.id, name: $0.name, categoryID: $0.categoryID) }).sorted { $0.id < $1.id }
        }

        /// The items whose name has `key` (`Name.key`), compared in place.
        func names(withKey key: String) throws -> [ItemName] {
            let keyBytes = Array(key.utf8)
            let changed = overlay.map { overlay in
                overlay.changed.values.filter { Name.key($0.name) == key }.map { ItemName(id: $0.id, name: $0.name, categoryID: $0.categoryID) }
            } ?? []
            return try changed + bytes.withUnsafeBufferPointer { buffer in
                try starts.indices.compactMap { position in
                    if isHidden(position) { return nil }
                    guard let field = field(4, at: position, buffer) else { return try name(at: position, buffer) }  // throws, naming the line
                    let raw = UnsafeBufferPointer(rebasing: buffer[field])
                    let matches = raw.contains(0x5C) ? nil : Name.asciiText(raw, hasKey: keyBytes)
                    guard try matches ?? (Name.key(try name(at: position, buffer).name) == key) else { return nil }
                    return try name(at: position, buffer)
                }
            }
        }

        /// The vault with `changed` items written anew, `deleted` ones left out and every other
        /// item copied as it is, in id order: the unchanged runs between edits are copied whole.
        /// Returned as the index of the new file (at `path`), whose item positions are known as
        /// it is written, so that reading it back scans nothing. Unsealed, the header carries no
        /// checksum (not computed): for a vault merged in memory that no file holds.
        /// With an overlay, the overlay's items and deletions count as edits too: the result is
        /// a whole vault.
        func rewritten(changed: [ItemID: Item], deleted: Set<ItemID>, path: String, sealed: Bool = true) -> Index {
            guard let overlay else { return rewrittenFile(changed: changed, deleted: deleted, path: path, sealed: sealed) }
            let all = overlay.applying(saved: changed, removed: deleted)
            return rewrittenFile(changed: all.changed, deleted: all.deleted, path: path, sealed: sealed)
        }

        private func rewrittenFile(changed: [ItemID: Item], deleted: Set<ItemID>, path: String, sealed: Bool) -> Index {
            // Edits by position: a changed item is written where its id sorts, and any item of
            // the same id (changed or deleted) is left out.
            var inserts = changed.values.filter { !deleted.contains($0.id) }.map { (position: lowerBound(of: $0.id), item: $0) }
            inserts.sort { ($0.position, $0.item.id) < ($1.position, $1.item.id) }
            let skipped = Set(Set(changed.keys).union(deleted).compactMap(position(of:)))
            var output = sealed ? fileStart(capacity: bytes.count + changed.count * 160) : Array((header + "\t\n").utf8)
            if !sealed { output.reserveCapacity(bytes.count + changed.count * 160) }
            var newStarts: [Int] = []
            newStarts.reserveCapacity(starts.count + inserts.count)
            bytes.withUnsafeBufferPointer { buffer in
                var copied = 0  // items before this position are written
                func copy(upTo position: Int) {
                    guard position > copied else { return }
                    let shift = output.count - starts[copied]
                    newStarts += starts[copied..<position].lazy.map { $0 + shift }
                    output += buffer[starts[copied]..<(position < starts.count ? starts[position] : bytes.count)]
                    copied = position
                }
                var next = 0
                for position in (skipped.union(inserts.map(\.position))).sorted() {
                    copy(upTo: position)
                    while next < inserts.count && inserts[next].position == position {
                        newStarts.append(output.count)
                        encodeLines([inserts[next].item], to: &output)
                        next += 1
                    }
                    if skipped.contains(position) { copied = position + 1 }
                }
                copy(upTo: starts.count)
            }
            if sealed { finish(&output) }
            return Index(written: output, path: path, starts: newStarts)
        }

        /// The index of a file this process has just written, from where its items start.
        private init(written bytes: [UInt8], path: String, starts: [Int]) {
            self.bytes = bytes
            self.path = path
            self.starts = starts
            lineNumbers = nil
            stores = nil
            ordered = true
            var categories = DistinctFields()
            var slots: [UInt32] = []
            slots.reserveCapacity(starts.count)
            bytes.withUnsafeBufferPointer { buffer in
                let base = UnsafeRawPointer(buffer.start)
                for start in starts {  // I <id> <category> …
                    let category = memchr(base + start + 2, 0x09, buffer.count - start - 2).map { base.distance(to: $0) + 1 }!
                    let end = memchr(base + category, 0x09, buffer.count - category).map { base.distance(to: $0) }!
                    slots.append(categories.insert(category..<end, of: buffer))
                }
            }
            categorySlots = slots
            categoryNames = categories.strings
        }

        private func end(of position: Int) -> Int {
            position + 1 < starts.count ? starts[position + 1] : bytes.count
        }

        /// A reader for item `position`'s `I` line; line numbers in its messages are exact
        /// only with `exactLine` (counting them costs a pass over the file when not kept).
        private func reader(at position: Int, _ buffer: UnsafeBufferPointer<UInt8>, exactLine: Bool = false) -> FieldReader {
            // A line of the index ends with a line break (checked when it was indexed); the buffer's end otherwise.
            let end = UnsafeRawPointer(memchr(buffer.start + starts[position], 0x0A, buffer.count - starts[position]) ?? UnsafeMutableRawPointer(mutating: buffer.start + buffer.count))
                .assumingMemoryBound(to: UInt8.self) - buffer.start
            return FieldReader(buffer, from: starts[position], to: end, lineNumber: lineNumbers?[position] ?? (exactLine ? lineNumber(at: position) : 0),
                               path: path)
        }

        private func idRange(at position: Int, _ buffer: UnsafeBufferPointer<UInt8>) -> Range<Int> {
            field(1, at: position, buffer) ?? 0..<0
        }

        private func name(at position: Int, _ buffer: UnsafeBufferPointer<UInt8>) throws -> ItemName {
            do { return try Index.name(reader(at: position, buffer)) } catch where lineNumbers == nil {
                return try Index.name(reader(at: position, buffer, exactLine: true))   // again, for the line number
            }
        }

        private static func name(_ reader: FieldReader) throws -> ItemName {
            var reader = reader
            try reader.skip()
            let id = ItemID(reader.string(try reader.next()))
            let category = CategoryID(reader.string(try reader.next()))
            _ = try reader.unit()
            return ItemName(id: id, name: try reader.text(), categoryID: category)
        }

        /// The byte range of field `number` (0 is the record's letter) of item `position`'s `I`
        /// line; nil when the line is shorter.
        private func field(_ number: Int, at position: Int, _ buffer: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
            // As a `FieldReader` would find it, tab by tab with memchr.
            let base = UnsafeRawPointer(buffer.start)
            let start = starts[position]
            let end = base.distance(to: memchr(base + start, 0x0A, buffer.count - start)!)
            var from = start
            for _ in 0..<number {
                guard let tab = memchr(base + from, 0x09, end - from) else { return nil }
                from = base.distance(to: tab) + 1
            }
            return from..<(memchr(base + from, 0x09, end - from).map { base.distance(to: $0) } ?? end)
        }

        /// Where the item with `id` is: by binary search over the id-ordered `I` lines, then
        /// (for a file not in order) by looking at each.
        private func position(of id: ItemID) -> Int? {
            let found = lowerBound(of: id)
            if found < starts.count && compare(found, with: id) == 0 { return found }
            return ordered ? nil : starts.indices.first { compare($0, with: id) == 0 }
        }

        /// The first position whose id does not sort before `id` (ids compare as bytes, which
        /// is their order for the ASCII ids Grock makes).
        private func lowerBound(of id: ItemID) -> Int {
            var low = 0, high = starts.count
            while low < high {
                let middle = (low + high) / 2
                if compare(middle, with: id) < 0 { low = middle + 1 } else { high = middle }
            }
            return low
        }

        private func compare(_ position: Int, with id: ItemID) -> Int32 {
            var target = id.rawValue
            return target.withUTF8 { target in
                bytes.withUnsafeBufferPointer { buffer in
                    let range = idRange(at: position, buffer)
                    let common = min(range.count, target.count)
                    let order = common == 0 ? 0 : memcmp(buffer.start + range.lowerBound, target.start, common)
                    return order != 0 ? order : Int32((range.count - target.count).signum())
                }
            }
        }
    }

    /// The distinct values of one field across many lines, compared as bytes so that a value
    /// seen before costs no string. Values of up to 16 bytes (every id Grock makes) are compared
    /// as two integers: a vault has thousands of items in a few dozen categories.
    private struct DistinctFields {
        private struct Short: Equatable {
            var words: (UInt64, UInt64) = (0, 0)
            var count = 0
            static func == (lhs: Short, rhs: Short) -> Bool {
                lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1 && lhs.count == rhs.count
            }
        }
        private var short: [(key: Short, slot: UInt32)] = []
        private var long: [(bytes: [UInt8], slot: UInt32)] = []
        private var last = 0
        /// The distinct values, numbered by when they were first seen.
        private(set) var strings: [String] = []

        /// - Returns: the value's number in `strings`.
        @discardableResult
        mutating func insert(_ range: Range<Int>, of buffer: UnsafeBufferPointer<UInt8>) -> UInt32 {
            let field = UnsafeBufferPointer(rebasing: buffer[range])
            let slot = UInt32(truncatingIfNeeded: strings.count)
            if field.count <= 16 {
                var key = Short(count: field.count)
                withUnsafeMutableBytes(of: &key.words) { $0.copyMemory(from: UnsafeRawBufferPointer(field)) }
                // Neighbouring items are often in one category: the last one found is tried first.
                if last < short.count && short[last].key == key { return short[last].slot }
                for index in short.indices where short[index].key == key {
                    last = index
                    return short[index].slot
                }
                last = short.count
                short.append((key, slot))
            } else {
                func equal(_ known: (bytes: [UInt8], slot: UInt32)) -> Bool {
                    known.bytes.count == field.count && known.bytes.withUnsafeBufferPointer { memcmp($0.start, field.start, field.count) == 0 }
                }
                if let known = long.first(where: equal) { return known.slot }
                long.append((Array(field), slot))
            }
            strings.append(String(decoding: field, as: UTF8.self))
            return slot
        }
    }
}
