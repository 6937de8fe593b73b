import Domain

/// Where each item is in a vault file (`VaultCodec`'s format), found from its `I` lines: byte
/// offsets, not strings, so that a command touching one item of thousands decodes one. Names
/// are read in place when asked for; an item's prices when it is.
struct VaultIndex {
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
    private(set) var overlay: VaultOverlay? = nil
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
        return Set(categoryNames.indices.lazy.filter { used[$0] }.map { categoryNames[$0] })
            .union(overlay.changed.values.map(\.categoryID.rawValue))
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
        var found = VaultLines()
        var trusted = false
        try bytes.withByteReader(path: path) { file in
            try CompactFile.checkHeader(file, header: VaultCodec.header)
            let first = CompactFile.firstLineEnd(file) + 1
            trusted = try verified || VaultCodec.checksumMatches(file, linesFrom: first)
            found.starts.reserveCapacity(file.count / 200)
            found.slots.reserveCapacity(file.count / 200)
            if trusted {
                try found.findItems(file, from: first)
            } else {
                try found.checkLines(file, from: first)
            }
        }
        self.starts = found.starts
        self.lineNumbers = trusted ? nil : found.lineNumbers
        self.stores = trusted ? nil : Set(found.stores.strings)
        self.categorySlots = found.slots
        self.categoryNames = found.categories.strings
        self.ordered = found.ordered
    }

    /// This index (of a whole vault) with `overlay`, read from `overlayPath`, on it.
    func overlaid(by overlay: VaultOverlay, at overlayPath: String) -> VaultIndex {
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
        return (items.filter { overlay.changed[$0.id] == nil && !overlay.deleted.contains($0.id) } + overlay.changed.values)
            .sorted { $0.id < $1.id }
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
        return try withFile { file in
            do {
                return try VaultCodec.decodeLines(file, from: starts[position], to: end(of: position),
                                                  firstLine: lineNumbers?[position] ?? 0,
                                       currency: currency, interner: &interner).first
            } catch where lineNumbers == nil {
                // Decode again with the right line numbers, for the message.
                return try VaultCodec.decodeLines(file, from: starts[position], to: end(of: position), firstLine: lineNumber(at: position),
                                       currency: currency, interner: &interner).first
            }
        }
    }

    /// Every item's id, name and category, in id order.
    func names() throws -> [ItemName] {
        let names = try withFile { file in
            try starts.indices.compactMap { isHidden($0) ? nil : try name(at: $0, file) }
        }
        guard let overlay else { return names }
        return (names + overlay.changed.values.map { ItemName(id: $0.id, name: $0.name, categoryID: $0.categoryID) })
            .sorted { $0.id < $1.id }
    }

    /// The items whose name has `key` (`Name.key`), compared in place.
    func names(withKey key: String) throws -> [ItemName] {
        let keyBytes = Array(key.utf8)
        let changed = overlay.map { overlay in
            overlay.changed.values.filter { Name.key($0.name) == key }.map { ItemName(id: $0.id, name: $0.name, categoryID: $0.categoryID) }
        } ?? []
        return try changed + withFile { file in
            try starts.indices.compactMap { position in
                if isHidden(position) { return nil }
                guard let field = field(4, at: position, file) else { return try name(at: position, file) }  // throws, naming the line
                let raw = try file.bytes(in: field)
                let matches = raw.contains(0x5C) ? nil : Name.asciiText(raw, hasKey: keyBytes)
                guard try matches ?? (Name.key(try name(at: position, file).name) == key) else { return nil }
                return try name(at: position, file)
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
    func rewritten(changed: [ItemID: Item], deleted: Set<ItemID>, path: String, sealed: Bool = true) -> VaultIndex {
        guard let overlay else { return rewrittenFile(changed: changed, deleted: deleted, path: path, sealed: sealed) }
        let all = overlay.applying(saved: changed, removed: deleted)
        return rewrittenFile(changed: all.changed, deleted: all.deleted, path: path, sealed: sealed)
    }

    private func rewrittenFile(changed: [ItemID: Item], deleted: Set<ItemID>, path: String, sealed: Bool) -> VaultIndex {
        // Edits by position: a changed item is written where its id sorts, and any item of
        // the same id (changed or deleted) is left out.
        var inserts = changed.values.filter { !deleted.contains($0.id) }.map { (position: lowerBound(of: $0.id), item: $0) }
        inserts.sort { ($0.position, $0.item.id) < ($1.position, $1.item.id) }
        let skipped = Set(Set(changed.keys).union(deleted).compactMap(position(of:)))
        var output = sealed ? VaultCodec.fileStart(capacity: bytes.count + changed.count * 160) : Array((VaultCodec.header + "\t\n").utf8)
        if !sealed { output.reserveCapacity(bytes.count + changed.count * 160) }
        var newStarts: [Int] = []
        newStarts.reserveCapacity(starts.count + inserts.count)
        var copied = 0  // items before this position are written
        func copy(upTo position: Int) {
            guard position > copied else { return }
            let shift = output.count - starts[copied]
            newStarts += starts[copied..<position].lazy.map { $0 + shift }
            output += bytes[starts[copied]..<end(of: position - 1)]
            copied = position
        }
        var next = 0
        for position in (skipped.union(inserts.map(\.position))).sorted() {
            copy(upTo: position)
            while next < inserts.count && inserts[next].position == position {
                newStarts.append(output.count)
                VaultCodec.encodeLines([inserts[next].item], to: &output)
                next += 1
            }
            if skipped.contains(position) { copied = position + 1 }
        }
        copy(upTo: starts.count)
        if sealed { VaultCodec.finish(&output) }
        return VaultIndex(written: output, path: path, starts: newStarts)
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
        bytes.withByteReader(path: path) { file in
            for start in starts {  // I <id> <category> …, as `encodeLines` wrote it
                let category = file.fieldEnd(from: start + 2, to: file.count) + 1
                slots.append(categories.insert(file.bytes(clamping: category..<file.fieldEnd(from: category, to: file.count))))
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
    private func reader(at position: Int, _ file: ByteReader, exactLine: Bool = false) -> FieldReader {
        // A line of the index ends with a line break (checked when it was indexed); the file's end otherwise.
        let end = file.firstIndex(of: 0x0A, from: starts[position]) ?? file.count
        return FieldReader(file, from: starts[position], to: end,
                           lineNumber: lineNumbers?[position] ?? (exactLine ? lineNumber(at: position) : 0))
    }

    private func name(at position: Int, _ file: ByteReader) throws -> ItemName {
        do { return try VaultIndex.name(reader(at: position, file)) } catch where lineNumbers == nil {
            return try VaultIndex.name(reader(at: position, file, exactLine: true))   // again, for the line number
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
    private func field(_ number: Int, at position: Int, _ file: ByteReader) -> Range<Int>? {
        // As a `FieldReader` would find it, tab by tab; the ends come from searches, so are inside.
        let start = starts[position]
        let end = file.firstIndex(of: 0x0A, from: start) ?? file.count
        var from = start
        for _ in 0..<number {
            guard let tab = file.firstIndex(of: 0x09, from: from, to: end) else { return nil }
            from = tab + 1
        }
        return from..<file.fieldEnd(from: from, to: end)
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

    private func compare(_ position: Int, with id: ItemID) -> Int {
        id.rawValue.withByteReader(path: "") { target in
            withFile { file in file.bytes(clamping: field(1, at: position, file) ?? 0..<0).order(target.whole) }
        }
    }

    private func withFile<T>(_ body: (ByteReader) throws -> T) rethrows -> T {
        try bytes.withByteReader(path: path, body)
    }
}
