import Domain

/// History handed over a record at a time (`HistoryReader`), from the history file read in
/// pieces (`ChunkedFile`) or from bytes in memory, never decoded whole: a backup of any size
/// holds one completed cart at a time.
///
/// Opening it reads every record once with all of `HistoryCodec.decode`'s checks, so that a
/// damaged history is refused before anything is handed over, and finds which completion of
/// each cart is live; each walk then reads history again.
struct HistoryStream<Records: RecordSource>: HistoryReader {
    private let records: Records
    private let currency: Currency
    private let live: [CartID: Int]

    /// - Throws: `StorageError.unreadable` naming the file and the line of the first problem.
    init(_ records: Records, currency: Currency) throws {
        self.records = records
        self.currency = currency
        live = try HistoryCodec.liveCompletions(records, currency: currency)
    }

    func forEachCompletedCart(_ body: (Cart) throws -> Void) throws {
        try HistoryCodec.forEachCompletedCart(records, live: live, currency: currency, body)
    }

    func forEachManualObservation(_ body: (PriceObservation) throws -> Void) throws {
        try HistoryCodec.forEachObservation(records, currency: currency, body)
    }
}

/// A compact file's bytes in memory, header included, as a `RecordSource`.
struct RecordBytes: RecordSource {
    let bytes: ArraySlice<UInt8>
    let header: String
    let path: String

    func forEachRecord(_ body: (FieldReader) throws -> Void) throws {
        try bytes.withByteReader(path: path) { try CompactFile.forEachLine($0, header: header, body) }
    }
}

/// History decoded whole (schema 2's `history.jsonl`, or no history at all), as a
/// `HistoryReader`.
extension HistoryLog: HistoryReader {
    func forEachCompletedCart(_ body: (Cart) throws -> Void) throws {
        for trip in liveTrips { try body(cart(trip)) }
    }

    func forEachManualObservation(_ body: (PriceObservation) throws -> Void) throws {
        for observation in manual { try body(observation) }
    }
}
