// Rows of columns aligned into lines, cut or wrapped to fit their columns.

extension TextBlocks {
    /// Rows of columns, each column as wide as its widest cell (at most `limits[i]`), separated
    /// by two spaces; columns in `rightAligned` are aligned right. Trailing spaces are dropped.
    /// A cell is one line: a line break in it (a name from a damaged file) is shown escaped,
    /// before the widths are measured.
    static func table(_ rows: [[String]], rightAligned: Set<Int> = [], limits: [Int: Int] = [:], indent: Int = 2) -> [String] {
        let rows = rows.map { $0.map { TerminalText.safe($0, singleLine: true) } }
        guard let columns = rows.map(\.count).max() else { return [] }
        let widths = (0..<columns).map { column in
            min(limits[column] ?? .max, rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0)
        }
        return rows.map { row in
            let cells = row.enumerated().map { pad($0.element, widths[$0.offset], right: rightAligned.contains($0.offset)) }
            return trimTrailing(String(repeating: " ", count: indent) + cells.joined(separator: "  "))
        }
    }

    /// Rows of columns, as `table` lays them out, that fit `width`: the `flexible` column gets
    /// what the others leave, and its text wraps at spaces within it, continued lines under it.
    /// A word wider than the column is cut, ending in `mark`.
    /// - Parameter notes: a line to show under a row (by its index in `rows`), from the
    ///   flexible column on: what does not fit a column of its own.
    static func wrappedTable(_ rows: [[String]], width: Int, flexible: Int, rightAligned: Set<Int> = [], indent: Int = 2,
                             mark: String = "~", notes: [Int: String] = [:]) -> [String] {
        let rows = rows.map { $0.map { TerminalText.safe($0, singleLine: true) } }
        guard let columns = rows.map(\.count).max() else { return [] }
        var widths = (0..<columns).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
        let others = widths.enumerated().filter { $0.offset != flexible }.map(\.element).reduce(0, +)
        // Below 8 columns a name is unreadable however it is wrapped: the line is then too wide.
        widths[flexible] = min(widths[flexible], max(8, width - indent - others - 2 * (columns - 1)))
        let margin = String(repeating: " ", count: indent)
        let before = indent + widths[..<flexible].reduce(0, +) + 2 * flexible
        return rows.enumerated().flatMap { index, row -> [String] in
            let text = flexible < row.count ? wrap(row[flexible], width: widths[flexible], mark: mark) : [""]
            var cells = row
            if flexible < cells.count { cells[flexible] = text[0] }
            let first = cells.enumerated().map { pad($0.element, widths[$0.offset], right: rightAligned.contains($0.offset)) }
            let note = notes[index].map { [String(repeating: " ", count: before) + TerminalText.safe($0, singleLine: true)] } ?? []
            return [trimTrailing(margin + first.joined(separator: "  "))]
                + text.dropFirst().map { String(repeating: " ", count: before) + $0 } + note
        }
    }
}
