/// The active state as a compact file (`state.tsv`, schema 8), read and written by hand like
/// the vault and history, so that no command pays for Codable's start-up:
///
///     grock-state	8	<checksum>
///     F	<vault file>	<history file>	<history bytes>	<months kept 0/1>	<next undo sequence>
///         	<history checksum>	<history stamp>	<vault checksum>	<vault stamp>
///     T	<currency>	<set up 0/1>
///     S	<store id>	<created at>	<removed 0/1>	<name>	<category id>…   (aisle order)
///     A	<item id>	<receipt name>          (a receipt name learned at the S line's store)
///     K	<category id>	<sort order>	<name>
///     C	<cart id>	<status>	<budget>	<created at>	<started at>	<completed at>	<name>
///     L	<item id>	<quantity>	<unit>[/<price basis>]	<planned store>	<planned price>	<bought 0/1>
///         	<store>	<price>	<bought quantity>	<impulse 0/1>	<category>	<name>
///     M	<month>	<total>	<trips>
///     U	<sequence>	<had state 0/1>	<vault file>	<summary>
///
/// (`F` and `L` are one line each, shown on two.) `L` lines belong to the `C` line before them,
/// in order. Values are kept as the records hold them; `ActiveState` checks what they mean.
/// The header's checksum (as a vault's: every byte after the header line) makes a changed byte
/// refuse the file rather than carry it into the next state; emptied, the file is read
/// unchecked (edited by hand: `grock doctor` says so). Files of schemas 4 to 7 are read too;
/// what each lacks is in docs/STORAGE.md.
enum StateCodec {
    static let header = "grock-state\t8"

    static func encode(_ record: StateRecord) -> [UInt8] {
        var output = Array((header + "\t" + String(repeating: "0", count: 16) + "\n").utf8)
        let headerLength = output.count
        output.reserveCapacity(4096 + record.carts.reduce(0) { $0 + $1.lines.count * 120 })
        LineFormat.line(["F", record.vault ?? "", record.history ?? "", String(record.historyBytes), record.months == nil ? "0" : "1",
                         String(record.undo.nextSequence), record.historySeal.map { Checksum.hex($0.checksum) } ?? "",
                         record.historySeal?.stamp ?? "", record.vaultChecksum ?? ""] + (record.vaultStamp.map { [$0] } ?? []), to: &output)
        LineFormat.line(["T", record.settings.currency, record.settings.isSetUp ? "1" : "0"], to: &output)
        for store in record.stores {
            LineFormat.line(["S", store.id, store.createdAt, store.removed ? "1" : "0", LineFormat.escape(store.name)] + store.aisleOrder,
                            to: &output)
            for name in store.receiptNames ?? [] { LineFormat.line(["A", name.itemId, LineFormat.escape(name.text)], to: &output) }
        }
        for category in record.categories {
            LineFormat.line(["K", category.id, String(category.sortOrder), LineFormat.escape(category.name)], to: &output)
        }
        for cart in record.carts {
            LineFormat.line(["C", cart.id, cart.status, cart.budget.map { String($0) } ?? "", cart.createdAt, cart.startedAt ?? "",
                             cart.completedAt ?? "", LineFormat.escape(cart.name)], to: &output)
            for line in cart.lines {
                LineFormat.line(["L", line.itemId, line.quantity, line.unit, line.plannedStoreId ?? "",
                                 line.plannedPrice.map { String($0) } ?? "",
                                 line.fulfilled ? "1" : "0", line.actualStoreId ?? "", line.actualPrice.map { String($0) } ?? "",
                                 line.purchasedQuantity ?? "", line.impulse ? "1" : "0", line.category.map(LineFormat.escape) ?? "",
                                 LineFormat.escape(line.name)], to: &output)
            }
        }
        for month in record.months ?? [] {
            LineFormat.line(["M", month.month, String(month.total), String(month.trips)], to: &output)
        }
        for entry in record.undo.entries {
            LineFormat.line(["U", String(entry.sequence), entry.hadState ? "1" : "0", entry.vault ?? "", LineFormat.escape(entry.summary)],
                            to: &output)
        }
        let checksum = Checksum.hex(of: output[headerLength...])
        output.replaceSubrange((headerLength - 17)..<(headerLength - 1), with: checksum.utf8)
        return output
    }

    /// Whether `bytes` look like this format rather than JSON of an older schema.
    static func recognises(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: "grock-state\t".utf8)
    }

    /// Whether the header's checksum was emptied to edit the file by hand (`grock-state<TAB>8<TAB>`):
    /// it is then read unchecked.
    static func isHandEdited(_ bytes: [UInt8]) -> Bool {
        guard recognises(bytes), let end = bytes.firstIndex(of: 0x0A) else { return false }
        return bytes[end - 1] == 0x09
    }

    /// - Throws: `StorageError.unreadable` naming `path` and the line, or `.newerVersion`.
    static func decode(_ bytes: [UInt8], path: String) throws -> StateRecord {
        var read = ReadState()
        try bytes.withByteReader(path: path) { file in
            try CompactFile.checkHeader(file, header: header)
            _ = try CompactFile.checksumMatches(file, header: header, linesFrom: CompactFile.firstLineEnd(file) + 1)
            try CompactFile.forEachLine(file, header: header) { reader in
                var reader = reader
                try read.line(&reader)
                guard reader.isAtEnd else { throw reader.failure("too many fields") }
            }
        }
        return try read.record(path: path)
    }

    /// The sections of a state file as its lines are read, one kind of line at a time.
    private struct ReadState {
        var files: (vault: String?, history: String?, historyBytes: Int, monthsKept: Bool, nextSequence: Int)?
        var seal: HistorySeal?
        var vaultChecksum: String?, vaultStamp: String?
        var settings: SettingsRecord?
        var stores: [StoreRecord] = [], categories: [CategoryRecord] = [], carts: [CartRecord] = []
        var months: [MonthRecord] = [], undo: [UndoEntryRecord] = []

        mutating func line(_ reader: inout FieldReader) throws {
            let letter = try reader.letter()
            switch letter {
            case 0x46: try filesLine(&reader)  // F
            case 0x54:  // T
                guard settings == nil else { throw reader.failure("a second T line") }
                settings = SettingsRecord(currency: try reader.field(), isSetUp: try reader.flag())
            case 0x53: stores.append(try StateCodec.store(&reader))  // S
            case 0x41: try receiptName(&reader)  // A
            case 0x4B: categories.append(try StateCodec.category(&reader))  // K
            case 0x43: carts.append(try StateCodec.cart(&reader))  // C
            case 0x4C:  // L
                guard !carts.isEmpty else { throw reader.failure("a cart line comes before any cart") }
                carts[carts.count - 1].lines.append(try StateCodec.cartLine(&reader))
            case 0x4D: months.append(try StateCodec.month(&reader))  // M
            case 0x55: undo.append(try StateCodec.undoEntry(&reader))  // U
            default: throw reader.unknownRecord(letter)
            }
        }

        /// `F`: the files the state goes with. Schemas before 8 end it early.
        private mutating func filesLine(_ reader: inout FieldReader) throws {
            guard files == nil else { throw reader.failure("a second F line") }
            files = (try reader.optionalField(), try reader.optionalField(), try reader.count(), try reader.flag(), try reader.count())
            if !reader.isAtEnd, let checksum = try reader.optionalField() {   // schema 5
                guard checksum.utf8.count == 16,
                      let value = UInt64(checksum, radix: 16) else { throw reader.failure("\"\(checksum)\" is not a checksum") }
                seal = HistorySeal(checksum: value, stamp: try reader.optionalField())
            } else if !reader.isAtEnd {
                guard try reader.next().isEmpty else { throw reader.failure("a history stamp without a checksum") }
            }
            if !reader.isAtEnd { vaultChecksum = try reader.optionalField() }
            if !reader.isAtEnd { vaultStamp = try reader.optionalField() }   // schema 8
            // Names read from the file become paths: only names Grock gives are taken.
            if let vault = files?.vault, DataFiles.vaultNumber(vault) == nil {
                throw reader.failure("\"\(vault)\" is not a vault file's name")
            }
            if let history = files?.history, history != FileStorage.historyFile, history != "history.jsonl" {
                throw reader.failure("\"\(history)\" is not a history file's name")
            }
        }

        /// `A`: a receipt name learned at the store of the `S` line before it.
        private mutating func receiptName(_ reader: inout FieldReader) throws {
            guard !stores.isEmpty else { throw reader.failure("a receipt name comes before any store") }
            let item = try reader.field()
            stores[stores.count - 1].receiptNames = (stores[stores.count - 1].receiptNames ?? [])
                + [ReceiptNameRecord(text: try reader.text(), itemId: item)]
        }

        /// The record the lines make, once every line is read: what no single line can refuse.
        func record(path: String) throws -> StateRecord {
            guard let files else { throw StorageError.unreadable(path: path, reason: "the F line is missing") }
            guard let settings else { throw StorageError.unreadable(path: path, reason: "the T line is missing") }
            // A month's total is looked up by month: one given twice (by a hand edit) is refused.
            let monthNames = months.map(\.month).sorted()
            if let twice = zip(monthNames, monthNames.dropFirst()).first(where: { $0 == $1 })?.0 {
                throw StorageError.unreadable(path: path, reason: "month \(twice) appears twice")
            }
            // Changes write files named by their number: a number that went back would name files
            // that already exist.
            for (index, entry) in undo.enumerated()
            where entry.sequence >= files.nextSequence || (index > 0 && entry.sequence <= undo[index - 1].sequence) {
                throw StorageError.unreadable(path: path,
                                              reason: "undo entry \(entry.sequence) is out of order (the next change is number "
                                                          + "\(files.nextSequence))")
            }
            return StateRecord(settings: settings, stores: stores, categories: categories, carts: carts, vault: files.vault,
                               vaultChecksum: vaultChecksum,
                               vaultStamp: vaultStamp, history: files.history, historyBytes: files.historyBytes, historySeal: seal,
                               months: files.monthsKept ? months : nil, undo: UndoRecord(nextSequence: files.nextSequence, entries: undo))
        }
    }

    /// `S`: a store, its aisle order last.
    private static func store(_ reader: inout FieldReader) throws -> StoreRecord {
        let id = try reader.field(), created = try reader.field(), removed = try reader.flag(), name = try reader.text()
        var aisles: [String] = []
        while !reader.isAtEnd { aisles.append(try reader.field()) }
        return StoreRecord(id: id, name: name, createdAt: created, aisleOrder: aisles, removed: removed)
    }

    /// `K`: a category.
    private static func category(_ reader: inout FieldReader) throws -> CategoryRecord {
        let id = try reader.field(), order = try reader.integer()
        guard let sortOrder = Int(exactly: order) else { throw reader.failure("\(order) is out of range") }
        return CategoryRecord(id: id, name: try reader.text(), sortOrder: sortOrder)
    }

    /// `C`: a cart's header; its lines follow.
    private static func cart(_ reader: inout FieldReader) throws -> CartRecord {
        let id = try reader.field(), status = try reader.field(), budget = try reader.optionalInteger()
        let created = try reader.field(), started = try reader.optionalField(), completed = try reader.optionalField()
        return CartRecord(id: id, name: try reader.text(), budget: budget, status: status, createdAt: created, startedAt: started,
                          completedAt: completed, lines: [])
    }

    /// `L`: a line of the cart before it.
    private static func cartLine(_ reader: inout FieldReader) throws -> CartLineRecord {
        let item = try reader.field(), quantity = try reader.field(), unit = try reader.field()
        let plannedStore = try reader.optionalField(), plannedPrice = try reader.optionalInteger(), fulfilled = try reader.flag()
        let actualStore = try reader.optionalField(), actualPrice = try reader.optionalInteger(), bought = try reader.optionalField()
        let impulse = try reader.flag(), category = try reader.optionalText()
        return CartLineRecord(itemId: item, name: try reader.text(), category: category, quantity: quantity, unit: unit,
                              plannedStoreId: plannedStore,
                              plannedPrice: plannedPrice, fulfilled: fulfilled, actualStoreId: actualStore, actualPrice: actualPrice,
                              purchasedQuantity: bought, impulse: impulse)
    }

    /// `M`: a month's total spent and trips made.
    private static func month(_ reader: inout FieldReader) throws -> MonthRecord {
        // `YYYY-MM`, byte by byte: a state holds a line per month of history, read by every command.
        let month = try reader.field(), bytes = Array(month.utf8)
        guard bytes.count == 7, bytes[4] == 0x2D, bytes.indices.allSatisfy({ $0 == 4 || (0x30...0x39).contains(bytes[$0]) }),
              let year = Int(month.prefix(4)), year > 0, let number = Int(month.suffix(2)), (1...12).contains(number) else {
            throw reader.failure("\"\(month)\" is not a month")
        }
        let total = try reader.integer()
        guard total >= 0 else { throw reader.failure("a month's total of \(total) is negative") }
        return MonthRecord(month: month, total: total, trips: try reader.count())
    }

    /// `U`: a change that can be undone.
    private static func undoEntry(_ reader: inout FieldReader) throws -> UndoEntryRecord {
        let sequence = try reader.count(), hadState = try reader.flag(), vault = try reader.optionalField()
        if let vault, DataFiles.vaultNumber(vault) == nil { throw reader.failure("\"\(vault)\" is not a vault file's name") }
        return UndoEntryRecord(sequence: sequence, summary: try reader.text(), hadState: hadState, vault: vault)
    }
}

/// The fields of a state file's lines, as its records hold them.
private extension FieldReader {
    mutating func field() throws -> String { string(try next()) }

    mutating func optionalField() throws -> String? {
        let range = try next()
        return range.isEmpty ? nil : string(range)
    }

    /// A count or a size: not negative, and small enough for any `Int`.
    mutating func count() throws -> Int {
        let value = try integer()
        guard value >= 0, value <= Int64(Int32.max) * 1024 else { throw failure("\(value) is out of range") }
        return Int(value)
    }
}
