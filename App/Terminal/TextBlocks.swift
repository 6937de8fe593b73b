import Domain

/// Small text drawings shared by the screens.
///
/// Drawing cannot fail, so proportions are worked out in 128 bits: no amount an `Int64` holds,
/// typed or read from a damaged file, can make a bar or a percentage overflow.
package enum TextBlocks {
    /// A budget bar: `[#########-----------]  45%`; over budget the bar is full and ends in
    /// `!` with the percentage, visible without colour.
    static func budgetBar(spent: Money, budget: Money, style: RenderStyle, width: Int = 20) -> String {
        // Rounded half to even like every percentage Grock shows (99.6% is 100%, not 99%).
        let percent = budget.minorUnits > 0 ? Rounding.halfEvenClamped(Int128(spent.minorUnits) * 100, dividedBy: Int128(budget.minorUnits))
            : (spent.minorUnits > 0 ? 999 : 0)
        let filled = max(0, min(width, budget.minorUnits > 0 ? Int(clamping: share(spent.minorUnits, of: budget.minorUnits, in: width))
                                                              : (spent.minorUnits > 0 ? width : 0)))
        let (full, empty) = style.unicode ? ("█", "░") : ("#", "-")
        let bar = String(repeating: full, count: filled) + String(repeating: empty, count: width - filled)
        let over = spent > budget
        // Far over budget the figure is not cut (1500% is not 150~) but capped: no wider than 6.
        let shown = percent > 9999 ? ">9999%" : String(percent) + "%"
        let text = "[\(bar)]\(over ? "!" : " ") \(pad(shown, max(4, shown.count), right: true))"
        return over ? style.red(text) : percent >= 90 ? style.yellow(text) : style.green(text)
    }

    /// A progress bar for items bought: `[####------] 2/5`.
    static func progressBar(done: Int, total: Int, style: RenderStyle, width: Int = 10) -> String {
        // Clamped: a count past its total (or below zero) draws a full (or empty) bar, not a trap.
        let filled = total <= 0 ? 0 : min(max(done, 0), total) * width / total
        let (full, empty) = style.unicode ? ("█", "░") : ("#", "-")
        return "[" + String(repeating: full, count: filled) + String(repeating: empty, count: width - filled) + "] \(done)/\(total)"
    }

    /// A sparkline of values, one character each.
    static func sparkline(_ values: [Int64], style: RenderStyle) -> String {
        guard let low = values.min(), let high = values.max() else { return "" }
        let ramp: [Character] = style.unicode ? Array("▁▂▃▄▅▆▇█") : Array("_.-=+*#@")
        return String(values.map { value in
            high == low ? ramp[ramp.count / 2] : ramp[Int(share(Int128(value) - Int128(low), of: Int128(high) - Int128(low), in: ramp.count - 1))]
        })
    }

    /// A horizontal bar proportional to `value / maximum`.
    static func bar(_ value: Int64, of maximum: Int64, width: Int, style: RenderStyle) -> String {
        let filled = maximum > 0 ? min(width, Int(clamping: share(value, of: maximum, in: width))) : 0
        return String(repeating: style.unicode ? "█" : "#", count: max(value > 0 ? 1 : 0, filled))
    }

    /// `part / whole` of `scale`, rounded down, for a positive `whole`: exact for any 64-bit
    /// amounts (their product with a screen's width fits in 128 bits).
    static func share(_ part: Int64, of whole: Int64, in scale: Int) -> Int128 {
        share(Int128(part), of: Int128(whole), in: scale)
    }

    static func share(_ part: Int128, of whole: Int128, in scale: Int) -> Int128 { part * Int128(scale) / whole }

    /// Left- (or right-) aligned text in a field, cut with `~` when too long.
    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let cut = text.count > width ? String(text.prefix(max(0, width - 1))) + "~" : text
        let space = String(repeating: " ", count: max(0, width - cut.count))
        return right ? space + cut : cut + space
    }

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

    static func trimTrailing(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }

    /// The lines joined, each at most `width` characters, so that every screen fits its
    /// terminal: a longer line is broken at a space, never inside a `phrase` (continued with an indent), or cut with `~`
    /// when it has no space to break at or carries colour codes. Every screen ends here, so
    /// this is where control characters are escaped (`TerminalText`).
    static func fit(_ lines: [String], width: Int) -> String {
        var fitted: [String] = []
        for line in lines.flatMap({ TerminalText.safe($0).split(separator: "\n", omittingEmptySubsequences: false) }) {
            var rest = Substring(line)
            while visibleCount(rest) > width {
                // A phrase wider than a whole line is broken at its glue after all.
                let head = rest.prefix(width + 1)
                guard !rest.contains("\u{1B}"), let space = breakPoint(in: head) ?? head.dropFirst(4).lastIndex(of: glue) else {
                    rest = Substring(clip(String(rest), width))
                    break
                }
                fitted.append(String(rest[..<space]))
                rest = "    " + rest[rest.index(after: space)...].drop { $0 == " " }
            }
            fitted.append(String(rest))
        }
        // Glue kept a phrase on one line (a command to copy); it shows as a space.
        return fitted.joined(separator: "\n").replacing(String(glue), with: " ")
    }

    /// The last space of `text` after its indentation that a line may break at; between an
    /// option and its value (`LineBreaks`) only when there is no other.
    static func breakPoint(in text: Substring) -> Substring.Index? {
        var fallback: Substring.Index?
        var end = text.endIndex
        while let space = text[..<end].lastIndex(of: " "), text[..<space].contains(where: { $0 != " " }) {
            fallback = fallback ?? space
            let word = text[..<space].split(separator: " ").last ?? ""
            if LineBreaks.mayBreak(after: word, before: text[text.index(after: space)...].prefix { $0 != " " }) { return space }
            end = space
        }
        return fallback
    }

    /// Characters a terminal shows: ANSI escape sequences do not count.
    static func visibleCount(_ text: Substring) -> Int {
        var count = 0, escaping = false
        for character in text {
            if character == "\u{1B}" { escaping = true } else if escaping { escaping = character != "m" } else { count += 1 }
        }
        return count
    }

    /// Glue between words that must stay on one line (a command to type, an option and its
    /// value): `wrap` breaks there only when the phrase is wider than a whole line, and shows
    /// it as a space.
    static let glue: Character = "\u{A0}"

    /// `text` as one word a POSIX shell reads back as it is, for a command shown to be copied:
    /// as it is when it holds only letters, digits and `@%+=:,./_-`, else in single quotes (a
    /// quote inside as `'\''`), so a name like `$(touch x)` is never run when pasted. A character
    /// a terminal acts on (`Echo.needsEscape`: an escape, a line break, U+2028) is never shown
    /// raw: the word is then in bash's `$'...'` with the character as `\xHH` or `\uHHHH`.
    package static func shellWord(_ text: String) -> String {
        let safe = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || "@%+=:,./_-".unicodeScalars.contains(scalar)
        }
        if safe { return text }
        guard text.unicodeScalars.contains(where: Echo.needsEscape) else { return "'" + text.replacing("'", with: "'\\''") + "'" }
        var word = "$'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "'", "\\": word += "\\" + String(scalar)
            case _ where Echo.needsEscape(scalar):
                let hex = String(scalar.value, radix: 16)
                word += scalar.value < 0x80 ? "\\x" + String(repeating: "0", count: 2 - hex.count) + hex
                    : "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            default: word.unicodeScalars.append(scalar)
            }
        }
        return word + "'"
    }

    /// Names as the arguments of a command shown to be copied: each a `shellWord`, after `--`
    /// when one starts with `-` (else `grock` would read it as an option).
    static func arguments(_ names: [String]) -> String {
        (names.contains { $0.hasPrefix("-") } ? "-- " : "") + names.map(shellWord).joined(separator: " ")
    }

    /// `words` joined by `glue`: one phrase for `wrap` and `fit`.
    static func phrase(_ words: String...) -> String { phrase(words) }

    static func phrase(_ words: [String]) -> String { words.joined(separator: String(glue)).replacingSpaces(with: glue) }

    /// One line of text broken at spaces into lines at most `width` wide, each after the first
    /// indented by `hang`, so that continued text sits under its own text rather than at the
    /// margin. The first line keeps its own indentation and the spaces between words. A word
    /// wider than a whole line cannot be broken well anywhere, so it is cut, ending in `mark`;
    /// without a mark it is kept whole, on a line of its own (help is never cut). Colour codes
    /// take no room. Nothing is escaped here: give it escaped text.
    static func wrap(_ line: String, width: Int, hang: Int = 0, mark: String? = "~") -> [String] {
        let width = max(width, 1), hang = max(0, min(hang, width / 2))
        var lines: [String] = [], current = "", used = 0, hasWord = false, gap = 0
        func place(_ word: Substring) {
            let size = visibleCount(word)
            if hasWord && used + gap + size > width {
                // A phrase wider than any line is broken at its glue after all, word by word.
                if mark != nil && size > width - hang && word.contains(glue) { return placeApart(word) }
                lines.append(current)
                (current, used, gap, hasWord) = (String(repeating: " ", count: hang), hang, 0, false)
            }
            var fitted = String(word)
            if let mark, size > width - used - gap {
                if word.contains(glue) && used + gap < width { return placeApart(word) }
                fitted = clip(fitted, max(1, width - used - gap), mark: mark)
            }
            current += String(repeating: " ", count: gap) + fitted
            used += gap + visibleCount(Substring(fitted))
            (gap, hasWord) = (0, true)
        }
        func placeApart(_ phrase: Substring) {
            for (position, part) in phrase.split(separator: glue).enumerated() {
                if position > 0 { gap = 1 }
                place(part)
            }
        }
        var word = Substring()
        var start = line.startIndex
        for index in line.indices {
            guard line[index] == " " else { continue }
            word = line[start..<index]
            if !word.isEmpty { place(word) }
            gap += 1
            start = line.index(after: index)
        }
        word = line[start...]
        if !word.isEmpty { place(word) }
        lines.append(current)
        return lines.map { trimTrailing(String($0.map { $0 == glue ? " " : $0 })) }
    }

    /// Text as help shows it: runs of unindented lines joined and refilled to `width` (continued
    /// lines indented by `hang`); indented lines (tables, commands) and blank ones kept as they
    /// are. A line never ends between an option and its value (`LineBreaks`), and nothing is cut.
    package static func paragraphs(_ text: String, width: Int, hang: Int = 0) -> [String] {
        var output: [String] = []
        var paragraph: [Substring] = []
        func flush() {
            let runs = LineBreaks.unbreakableRuns(Substring(paragraph.joined(separator: " ")))
            if !runs.isEmpty { output += wrap(runs.map { phrase([$0]) }.joined(separator: " "), width: width, hang: hang, mark: nil) }
            paragraph = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(" ") || line.isEmpty {
                flush()
                output.append(String(line))
            } else {
                paragraph.append(line)
            }
        }
        flush()
        return output
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
            return [trimTrailing(margin + first.joined(separator: "  "))] + text.dropFirst().map { String(repeating: " ", count: before) + $0 } + note
        }
    }

    private static func clip(_ line: String, _ width: Int, mark: String = "~") -> String {
        var result = "", count = 0, escaping = false
        for character in line {
            if character == "\u{1B}" { escaping = true }
            if escaping {
                result.append(character)
                escaping = character != "m"
            } else if count < width - 1 {
                result.append(character)
                count += 1
            } else if count == width - 1 {
                result += mark
                count += 1
            }
        }
        return result
    }

    static func money(_ money: Money?) -> String { money?.amountText ?? "-" }

    static func plural(_ count: Int, _ word: String) -> String { Wording.counted(count, word) }
}

private extension String {
    func replacingSpaces(with character: Character) -> String { String(map { $0 == " " ? character : $0 }) }
}
