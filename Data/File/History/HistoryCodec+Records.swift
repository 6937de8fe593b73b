import Domain

/// Where a compact file's records come from, one at a time: a file read in pieces
/// (`ChunkedFile`), or bytes in memory.
protocol RecordSource {
    /// Checks the header line, then calls `body` with a reader of every further non-empty line,
    /// in order; each call walks the records afresh.
    func forEachRecord(_ body: (FieldReader) throws -> Void) throws
}

extension HistoryCodec {
    /// Reads every record with the checks `decode` makes, keeping only which completion of each
    /// cart is live (not completed again or removed later).
    /// - Returns: for each cart in history, the position of its live `C` record among all `C`
    ///   records.
    /// - Throws: `StorageError.unreadable` naming the file and the line.
    static func liveCompletions(_ records: some RecordSource, currency: Currency) throws -> [CartID: Int] {
        var live: [CartID: Int] = [:]
        var completions = 0
        var inCart = false
        var interner = Interner()
        try records.forEachRecord { reader in
            var reader = reader
            let letter = try reader.letter()
            switch letter {
            case 0x4C:  // L
                guard inCart else { throw reader.failure("a cart line comes before any cart") }
                _ = try line(&reader, currency: currency)
            case 0x43:  // C
                live[try trip(&reader, currency: currency).summary.cartID] = completions
                completions += 1
                inCart = true
            case 0x52:  // R
                live[CartID(reader.string(try reader.next()))] = nil
                inCart = false
            case 0x4F, 0x58:  // O, X
                _ = try observation(&reader, interner: &interner, currency: currency)
                inCart = false
            default:
                throw reader.unknownRecord(letter)
            }
        }
        return live
    }

    /// Calls `body` with every live completed cart, in history's order, building one at a time.
    /// - Parameter live: what `liveCompletions` found in the same history.
    static func forEachCompletedCart(_ records: some RecordSource, live: [CartID: Int], currency: Currency,
                                     _ body: (Cart) throws -> Void) throws {
        var completions = 0
        var open: (trip: (summary: TripSummary, created: Timestamp, started: Timestamp?), lines: [CartItem])?
        func close() throws {
            guard let (trip, lines) = open else { return }
            open = nil
            try body(Cart(id: trip.summary.cartID, name: trip.summary.name, budget: trip.summary.budget, currency: currency,
                          status: .completed,
                          createdAt: trip.created, startedAt: trip.started, completedAt: trip.summary.completedAt, lines: lines))
        }
        try records.forEachRecord { reader in
            var reader = reader
            let letter = try reader.letter()
            if letter == 0x4C {
                open?.lines.append(try line(&reader, currency: currency))  // a line of a trip not asked for is not read
                return
            }
            try close()
            guard letter == 0x43 else { return }
            let trip = try trip(&reader, currency: currency)
            if live[trip.summary.cartID] == completions { open = (trip, []) }
            completions += 1
        }
        try close()
    }

    /// Calls `body` with every price seen by hand and not taken out later, in history's order.
    static func forEachObservation(_ records: some RecordSource, currency: Currency, _ body: (PriceObservation) throws -> Void) throws {
        var interner = Interner()
        // Where each observation taken out was last taken out: an `O` before that no longer counts.
        var takenOut: [PriceObservation: Int] = [:]
        var position = 0
        try records.forEachRecord { reader in
            var reader = reader
            position += 1
            guard try reader.letter() == 0x58 else { return }
            takenOut[try observation(&reader, interner: &interner, currency: currency)] = position
        }
        position = 0
        try records.forEachRecord { reader in
            var reader = reader
            position += 1
            guard try reader.letter() == 0x4F else { return }
            let observed = try observation(&reader, interner: &interner, currency: currency)
            if let last = takenOut[observed], last > position { return }
            try body(observed)
        }
    }
}
