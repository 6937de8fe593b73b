import Domain

/// The purchase history as CSV: one row per purchased line of completed trips, header
/// `date,trip,store,category,item,quantity,unit,price,currency` (and `per` when a row's price is
/// per something else than its unit: 250 g at a price per kg), then `cost`, what the row cost
/// in all (files without it are read too), fields quoted as RFC 4180 says
/// (a field with a comma, a quote or a line break is quoted, quotes doubled). An empty category
/// marks an impulse buy.
///
/// A spreadsheet opening the file runs a cell that starts with `=`, `+`, `-` or `@` (or a tab
/// or carriage return before one) as a formula, so a name such as `=HYPERLINK(...)` in the text
/// fields (trip, store, category, item) is written with a `'` in front, as OWASP recommends,
/// and so is a name that itself starts with `'`; reading takes that one `'` away again. Numbers
/// are Grock's own and written as they are, so a negative amount stays a number.
public enum PurchaseCSV {
    /// The nine columns every file has, in order; `write` adds `cost` (and `per` when needed).
    public static let header = ["date", "trip", "store", "category", "item", "quantity", "unit", "price", "currency"]
    /// The header when some row's price is per something else than its unit: a tenth column,
    /// `per`, says what (`kg` for a row in g, `pack:250g`); empty means per the row's unit.
    public static let headerWithPer = header + ["per"]

    /// A header line's fields that this reader reads: the nine, then `per` and `cost` when there.
    /// Grock writes `cost` last, what the row cost in all (quantity × price, converted and
    /// rounded once), so that a spreadsheet sums rows priced per a pack or per kg right.
    static func isHeader(_ fields: [String]) -> Bool {
        [header, headerWithPer, header + ["cost"], headerWithPer + ["cost"]].contains(fields)
    }

    /// A row that cannot be read: its line number, the column when one field is wrong, and what
    /// is wrong.
    public struct RowError: Error, ClassifiedError, Sendable, Equatable, CustomStringConvertible {
        /// A row that cannot be read is input to fix.
        public var kind: ErrorKind { .invalidInput }

        /// What reading the file differently would fix, for a front to say in its own terms
        /// (the command line names its options).
        public enum Remedy: Sendable, Equatable {
            /// Read its numbers with decimal commas.
            case decimalComma
            /// Read its numbers with decimal points.
            case decimalPoint
            /// Read it as Latin-1.
            case latin1
        }

        /// The file's line the row is on, counting from 1.
        public let line: Int
        /// 1 for the first field.
        public let column: Int?
        /// What is wrong with the row or field, for the message.
        public let reason: String
        /// An option that would read the file right, when Grock can tell (a decimal comma, Latin-1).
        public let remedy: Remedy?

        /// An error at `line` (and `column`, 1 for the first), with `reason` and what would fix it.
        public init(line: Int, column: Int? = nil, reason: String, remedy: Remedy? = nil) {
            self.line = line
            self.column = column
            self.reason = reason
            self.remedy = remedy
        }

        /// The place (line, column and its header name) and `reason`, saying nothing was imported:
        /// an import takes the whole file or none of it.
        public var description: String {
            let place = column.map { "line \(line), column \($0)" + (header.indices.contains($0 - 1) ? " (\(header[$0 - 1]))" : "") }
                ?? "line \(line)"
            return "\(place): \(reason); nothing was imported"
        }
    }

    /// - Throws: `DomainError.amountOverflow` for a row whose cost Grock cannot add up.
    public static func write(_ purchases: [Purchase]) throws -> String {
        let withPer = purchases.contains { $0.basis != PriceUnit($0.unit) }
        var output = ((withPer ? headerWithPer : header) + ["cost"]).joined(separator: ",") + "\n"
        output.reserveCapacity(purchases.count * 72)
        for purchase in purchases {
            let fields = [purchase.date.description, neutralised(purchase.trip), neutralised(purchase.store),
                          neutralised(purchase.category),
                          neutralised(purchase.item), purchase.quantity.description, purchase.unit.rawValue, purchase.price.amountText,
                          purchase.price.currency.code]
                + (withPer ? [purchase.basis == PriceUnit(purchase.unit) ? "" : UnitText.basis(purchase.basis)] : [])
                + [try purchase.cost().amountText]
            output += fields.map(quote).joined(separator: ",") + "\n"
        }
        return output
    }

    /// Characters that start a formula in a spreadsheet (OWASP's list), and `'`, which marks a
    /// cell Grock neutralised.
    private static let marked: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r", "'"]

    /// `text` with a `'` in front when a spreadsheet would take it for a formula, or when it
    /// starts with `'` itself (so that reading it back takes away only the mark).
    static func neutralised(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, marked.contains(first) else { return text }
        return "'" + text
    }

    /// The text `neutralised` was given: a `'` followed by a marked character is taken away;
    /// any other cell (one written by hand, starting `'s-Hertogenbosch`) is left as it is.
    static func restored(_ cell: String) -> String {
        var scalars = cell.unicodeScalars.makeIterator()
        guard scalars.next() == "'", let second = scalars.next(), marked.contains(second) else { return cell }
        return String(cell.unicodeScalars.dropFirst())
    }

    static func quote(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacing("\"", with: "\"\"") + "\""
    }

    /// How a file's bytes are text.
    public enum Encoding: Sendable, Equatable {
        /// UTF-8, the default: a byte sequence that is not UTF-8 is refused, never replaced.
        case utf8
        /// ISO 8859-1, every byte one character: only when asked for, since any bytes read as it.
        case latin1

        /// `utf8` (or `utf-8`) and `latin1` (or `latin-1`, `iso-8859-1`), in any case.
        public init?(name: String) {
            switch name.lowercased() {
            case "utf8", "utf-8": self = .utf8
            case "latin1", "latin-1", "iso-8859-1", "iso8859-1": self = .latin1
            default: return nil
            }
        }
    }

    /// What separates the fields of a row.
    public enum Delimiter: UInt8, Sendable, CaseIterable {
        case comma = 0x2C, semicolon = 0x3B, tab = 0x09

        /// `,` (or `comma`), `;` (or `semicolon`), and `tab` (or a tab character).
        public init?(name: String) {
            switch name.lowercased() {
            case ",", "comma": self = .comma
            case ";", "semicolon": self = .semicolon
            case "tab", "\t": self = .tab
            default: return nil
            }
        }

        var name: String { self == .tab ? "a tab" : "\"\(Character(Unicode.Scalar(rawValue)))\"" }
    }

    /// Reads the CSV written by `write` (LF or CRLF line ends, a UTF-8 byte order mark allowed),
    /// or one a spreadsheet wrote with `;` or tabs between fields and decimal commas.
    ///
    /// Numbers (quantity, price) have a decimal point, or with `decimalComma` a decimal comma.
    /// In a file whose fields are not separated by commas, and without `decimalComma`, the first
    /// number with a decimal mark says which one the file uses. Thousands separators are
    /// refused, never guessed: in `1.234` the dot could be either.
    /// - Parameter encoding: UTF-8 unless the file is known to be Latin-1.
    /// - Parameter delimiter: what separates fields; nil to tell from the header line.
    /// - Parameter decimalComma: true when numbers are written `1,99`.
    /// - Parameter progress: called now and then with the fraction of bytes read.
    /// - Throws: `RowError` for the first bad row, or the first line that is not UTF-8.
    public static func parse(_ bytes: [UInt8], encoding: Encoding = .utf8, delimiter: Delimiter? = nil, decimalComma: Bool = false,
                             progress: ((Double) -> Void)? = nil) throws -> [Purchase] {
        let delimiter = try delimiter.map { try requireHeader(bytes, encoding: encoding, delimiter: $0) }
            ?? detectDelimiter(bytes, encoding: encoding)
        var reader = CSVReader(bytes, encoding: encoding, delimiter: delimiter.rawValue)
        // Lowercased as the header was checked: `PER` and `COST` are the columns `per` and `cost`.
        let names = try reader.nextRecord()?.fields.map { $0.lowercased() } ?? header
        let columns = names.count
        let perColumn = names.firstIndex(of: "per"), costColumn = names.firstIndex(of: "cost")
        var numbers = NumberReader(mark: decimalComma ? .comma : delimiter == .comma ? .point : nil)
        var purchases: [Purchase] = []
        var currencies: [String: Currency] = [:]
        var nextReport = 0
        while let record = try reader.nextRecord() {
            if record.fields == [""] { continue }  // a blank line
            let line = record.line
            guard record.fields.count == columns else {
                throw RowError(line: line,
                               reason: "expected \(columns) fields separated by \(delimiter.name), found \(record.fields.count)")
            }
            let row = Row(fields: record.fields, line: line)
            let date = try row.read(0) { text in
                guard let date = Day(iso: text) else { throw DomainError.invalidDate(text) }
                return date
            }
            let currency = try row.read(8) { code in
                if let known = currencies[code] { return known }
                let currency = try Currency(code: code)
                currencies[code] = currency
                return currency
            }
            let quantity = try row.read(5) { try numbers.read($0, line: line, column: 6) { try Quantity(parsing: $0) } }
            let unit = try row.read(6) { try MeasureUnit(parsing: $0) }
            let price = try row.read(7) { try numbers.read($0, line: line, column: 8) { try Money(parsing: $0, currency: currency) } }
            let basis = try perColumn.map { index in
                try row.read(index) { $0.isEmpty ? PriceUnit(unit) : try Self.basis($0, for: unit) }
            } ?? PriceUnit(unit)
            let f = record.fields
            let purchase = Purchase(date: date, trip: restored(f[1]), store: restored(f[2]), category: restored(f[3]), item: restored(f[4]),
                                    quantity: quantity, unit: unit, basis: basis, price: price, sourceLine: line)
            if let costColumn, !f[costColumn].isEmpty {
                // What the row says it cost must be what its quantity and price cost: a row
                // edited in a spreadsheet on one side only is refused, never guessed.
                let stated = try row.read(costColumn) { try numbers.read($0, line: line, column: costColumn + 1) { $0 } }
                let cost = try row.read(costColumn) { _ in try purchase.cost() }
                // A row may cost more than any price can be (100000 × 999999.99, as Grock
                // exports it): then it is compared as Grock writes amounts.
                guard (try? Money(parsing: stated, currency: currency)) == cost || stated == cost.amountText else {
                    throw RowError(line: line, column: costColumn + 1,
                                   reason: "its cost \(Echo.quoted(stated)) is not quantity × price (\(cost.amountText))")
                }
            }
            purchases.append(purchase)
            if let progress, reader.offset >= nextReport {
                progress(Double(reader.offset) / Double(max(bytes.count, 1)))
                nextReport = reader.offset + max(bytes.count / 100, 1)
            }
        }
        return purchases
    }

    /// One row's fields, each read where an error names its column: the file's line and
    /// column are what a person fixes in a spreadsheet.
    private struct Row {
        let fields: [String]
        let line: Int

        /// The field at `index` (0-based) read by `parse`; its error, unless already a
        /// `RowError`, reported at column `index + 1`.
        func read<T>(_ index: Int, _ parse: (String) throws -> T) throws -> T {
            do {
                return try parse(fields[index])
            } catch let error as RowError {
                throw error
            } catch {
                throw RowError(line: line, column: index + 1, reason: "\(error)")
            }
        }
    }

    /// The delimiter that splits the header line into the header's fields.
    private static func detectDelimiter(_ bytes: [UInt8], encoding: Encoding) throws -> Delimiter {
        for delimiter in Delimiter.allCases where isHeader(try headerFields(bytes, encoding: encoding,
                                                                            delimiter: delimiter)) { return delimiter }
        throw RowError(line: 1,
                       reason: "the header must be \(header.joined(separator: ",")) (and ,per and ,cost), its fields separated by commas, "
                                   + "semicolons or tabs")
    }

    /// `delimiter`, when it splits the header line into the header's fields.
    private static func requireHeader(_ bytes: [UInt8], encoding: Encoding, delimiter: Delimiter) throws -> Delimiter {
        if isHeader(try headerFields(bytes, encoding: encoding, delimiter: delimiter)) { return delimiter }
        // A header line another delimiter cannot read as CSV is not separated by it.
        if let other = Delimiter.allCases.first(where: {
            (try? headerFields(bytes, encoding: encoding, delimiter: $0)).map(isHeader) ?? false
        }) {
            throw RowError(line: 1, reason: "the header's fields are separated by \(other.name), not by \(delimiter.name)")
        }
        let separator = String(Character(Unicode.Scalar(delimiter.rawValue)))
        throw RowError(line: 1,
                       reason: "the header must be \(header.joined(separator: separator)) (and \(separator)per and \(separator)cost)")
    }

    /// What a `per` field says the price is per (`kg`, `pack:250g`), when a quantity in `unit`
    /// can be priced that way.
    private static func basis(_ text: String, for unit: MeasureUnit) throws -> PriceUnit {
        let trimmed = String(text.filter { !$0.isWhitespace }).lowercased()
        // What a person may type after --pack (bounded, `pack:6` a count), or a unit.
        let basis = try trimmed.hasPrefix("pack:")
            ? PriceUnit(pack: PackSize(parsing: String(trimmed.dropFirst(5))))
            : PriceUnit(MeasureUnit(parsing: trimmed))
        guard PriceUnit(unit).converts(to: basis) else {
            throw DomainError.invalidBasis(text,
                                           reason: "a quantity in \(unit) cannot be priced per \(basis): they measure different things")
        }
        return basis
    }

    /// The header line's fields, lowercased.
    private static func headerFields(_ bytes: [UInt8], encoding: Encoding, delimiter: Delimiter) throws -> [String] {
        var reader = CSVReader(bytes, encoding: encoding, delimiter: delimiter.rawValue)
        guard let first = try reader.nextRecord() else { throw RowError(line: 1, reason: "the file is empty") }
        return first.fields.map { $0.lowercased() }
    }
}
