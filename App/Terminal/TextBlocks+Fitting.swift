// Lines fitted to a terminal's width: where every screen ends, and where control characters
// are escaped.

extension TextBlocks {
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

    static func clip(_ line: String, _ width: Int, mark: String = "~") -> String {
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
}
