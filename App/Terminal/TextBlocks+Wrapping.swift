// Text broken at spaces into lines of a width, and the glue that keeps a phrase on one line.

extension TextBlocks {
    /// Glue between words that must stay on one line (a command to type, an option and its
    /// value): `wrap` breaks there only when the phrase is wider than a whole line, and shows
    /// it as a space.
    static let glue: Character = "\u{A0}"

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
}

private extension String {
    func replacingSpaces(with character: Character) -> String { String(map { $0 == " " ? character : $0 }) }
}
