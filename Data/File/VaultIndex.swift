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
        /// its prices were not read), and every category its items are in.
        let stores: Set<String>?
        let categories: Set<String>
        /// When the vault is a whole vault with an overlay on it (`vault-B+N.tsv`), the overlay:
        /// this index is then of the two merged in memory, named by the overlay's path.
        var overlay: Overlay? = nil

        /// How many items the file holds.
        var count: Int { starts.count }

        func contains(_ id: ItemID) -> Bool { position(of: id) != nil }

        /// Reads the `I` lines. When the header's checksum says the file is the one Grock wrote,
        /// only those are looked at, found by searching for them; otherwise every line is
        /// checked for shape.
        /// - Throws: `StorageError.unreadable` naming `path` and the line.
        init(_ bytes: [UInt8], path: String) throws {
            self.bytes = bytes
            self.path = path
            var starts: [Int] = [], lineNumbers: [Int] = []
            var stores = DistinctFields(), categories = DistinctFields()
            var trusted = false
            try bytes.withUnsafeBufferPointer { buffer in
                try CompactFile.checkHeader(buffer, header: header, path: path)
                let first = CompactFile.firstLineEnd(buffer) + 1
                trusted = try VaultCodec.checksumMatches(buffer, linesFrom: first, path: path)
                starts.reserveCapacity(buffer.count / 200)
                if trusted {
                    // Every line is as Grock wrote it: an item starts where a line starts with "I".
                    let base = UnsafeRawPointer(buffer.baseAddress!)
                    var start = first
                    func tab(after index: Int) -> Int {
                        memchr(base + index, 0x09, buffer.count - index).map { base.distance(to: $0) } ?? buffer.count
                    }
                    while start < buffer.count {
                        let end = base.distance(to: memchr(base + start, 0x0A, buffer.count - start)!)
                        if buffer[start] == 0x49 {  // I <id> <category> …
                            starts.append(start)
                            let category = tab(after: start + 2) + 1
                            guard category < end else { throw StorageError.unreadable(path: path, reason: "an item line without a category") }
                            categories.insert(category..<min(tab(after: category), end), of: buffer)
                        }
                        start = end + 1
                    }
                    return
                }
                lineNumbers.reserveCapacity(buffer.count / 200)
                // Not written by Grock as it is: every value is checked against the rules that
                // Grock's own writes obey, so that nothing it would refuse is carried along.
                var names = Set<String>()
                var lineNumber = 1
                var start = first
                let base = buffer.baseAddress!
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
                        categories.insert(try reader.next(), of: buffer)
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
            self.stores = trusted ? nil : stores.strings
            self.categories = categories.strings
        }

        /// The line number of item `position`'s `I` line, counted when it was not kept.
        private func lineNumber(at position: Int) -> Int {
            if let lineNumbers { return lineNumbers[position] }
            return bytes[..<starts[position]].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        }

        /// The item with `id`, decoded with its prices; nil when the vault has none.
        func item(_ id: ItemID, currency: Currency) throws -> Item? {
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
            try bytes.withUnsafeBufferPointer { buffer in try starts.indices.map { try name(at: $0, buffer) } }
        }

        /// The items whose name has `key` (`Name.key`), compared in place.
        func names(withKey key: String) throws -> [ItemName] {
            let keyBytes = Array(key.utf8)
            return try bytes.withUnsafeBufferPointer { buffer in
                try starts.indices.compactMap { position in
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
        func rewritten(changed: [ItemID: Item], deleted: Set<ItemID>, path: String, sealed: Bool = true) -> Index {
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
            var categories = DistinctFields()
            bytes.withUnsafeBufferPointer { buffer in
                let base = UnsafeRawPointer(buffer.baseAddress!)
                for start in starts {  // I <id> <category> …
                    let category = memchr(base + start + 2, 0x09, buffer.count - start - 2).map { base.distance(to: $0) + 1 }!
                    let end = memchr(base + category, 0x09, buffer.count - category).map { base.distance(to: $0) }!
                    categories.insert(category..<end, of: buffer)
                }
            }
            self.categories = categories.strings
        }

        private func end(of position: Int) -> Int {
            position + 1 < starts.count ? starts[position + 1] : bytes.count
        }

        /// A reader for item `position`'s `I` line; line numbers in its messages are exact
        /// only with `exactLine` (counting them costs a pass over the file when not kept).
        private func reader(at position: Int, _ buffer: UnsafeBufferPointer<UInt8>, exactLine: Bool = false) -> FieldReader {
            let end = UnsafeRawPointer(memchr(buffer.baseAddress! + starts[position], 0x0A, buffer.count - starts[position])!)
                .assumingMemoryBound(to: UInt8.self) - buffer.baseAddress!
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
            var reader = reader(at: position, buffer)
            for _ in 0..<number { guard (try? reader.skip()) != nil else { return nil } }
            return try? reader.next()
        }

        /// Where the item with `id` is: by binary search over the id-ordered `I` lines, then
        /// (for a file not in order) by looking at each.
        private func position(of id: ItemID) -> Int? {
            let found = lowerBound(of: id)
            if found < starts.count && compare(found, with: id) == 0 { return found }
            return starts.indices.first { compare($0, with: id) == 0 }
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
                    let order = common == 0 ? 0 : memcmp(buffer.baseAddress! + range.lowerBound, target.baseAddress!, common)
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
        private var short: [Short] = []
        private var long: [[UInt8]] = []
        private(set) var strings: Set<String> = []

        mutating func insert(_ range: Range<Int>, of buffer: UnsafeBufferPointer<UInt8>) {
            let field = UnsafeBufferPointer(rebasing: buffer[range])
            if field.count <= 16 {
                var key = Short(count: field.count)
                withUnsafeMutableBytes(of: &key.words) { $0.copyMemory(from: UnsafeRawBufferPointer(field)) }
                if let index = short.firstIndex(of: key) {
                    if index > 0 { short.swapAt(index, index - 1) }  // the frequent ones move to the front
                    return
                }
                short.append(key)
            } else {
                func equal(_ known: [UInt8]) -> Bool {
                    known.count == field.count && known.withUnsafeBufferPointer { memcmp($0.baseAddress!, field.baseAddress!, field.count) == 0 }
                }
                if long.contains(where: equal) { return }
                long.append(Array(field))
            }
            strings.insert(String(decoding: field, as: UTF8.self))
        }
    }
}
