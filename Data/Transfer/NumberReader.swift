import Domain

/// Reads the numbers of a file with one decimal mark, fixed or told by the first number that
/// has one, and refuses a number with the other mark or with both.
struct NumberReader {
    enum Mark: String { case point, comma }

    private(set) var mark: Mark?
    /// The number that told the mark, when one did.
    private var toldBy: (line: Int, column: Int, text: String)?

    init(mark: Mark?) { self.mark = mark }

    /// `parse` of the number in `cell`, written with a decimal point.
    /// - Throws: `RowError` naming the line and column.
    mutating func read<T>(_ cell: String, line: Int, column: Int, _ parse: (String) throws -> T) throws -> T {
        let point = cell.contains("."), comma = cell.contains(",")
        func refused(_ reason: String, remedy: PurchaseCSV.RowError.Remedy? = nil) -> PurchaseCSV.RowError {
            PurchaseCSV.RowError(line: line, column: column, reason: "\(Echo.quoted(cell)) \(reason)", remedy: remedy)
        }
        if point && comma {
            throw refused("has a thousands separator, which Grock does not read; write it without, like 1234.56 or 1234,56")
        }
        if point || comma {
            let found: Mark = point ? .point : .comma
            let expected = mark ?? found
            if mark == nil {
                mark = found
                toldBy = (line, column, cell)
            }
            if found != expected {
                let why = toldBy.map { "line \($0.line), column \($0.column) has a decimal \(expected) (\(Echo.quoted($0.text)))" }
                    ?? (found == .comma ? "the file is read with decimal points" : "the file is read with decimal commas")
                throw refused("has a \(found), but \(why); a thousands separator is not read",
                              remedy: toldBy == nil ? (found == .comma ? .decimalComma : .decimalPoint) : nil)
            }
        }
        guard comma else { return try parse(cell) }
        do {
            return try parse(cell.replacing(",", with: "."))
        } catch let error as DomainError {
            // The message quotes the cell as the file has it, not as it was read.
            throw PurchaseCSV.RowError(line: line, column: column, reason: error.quoting(cell))
        }
    }
}

extension DomainError {
    /// The description, with the number it quotes written as `text`.
    fileprivate func quoting(_ text: String) -> String {
        switch self {
        case .invalidAmount(_, let reason): "\(DomainError.invalidAmount(text, reason: reason))"
        case .invalidQuantity: "\(DomainError.invalidQuantity(text))"
        case .tooLarge(_, let kind, let maximum): "\(DomainError.tooLarge(text, kind: kind, maximum: maximum.replacing(".", with: ",")))"
        default: "\(self)"
        }
    }
}
