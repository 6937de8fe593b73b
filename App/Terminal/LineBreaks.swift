/// Where a line of text may break when it is wrapped: anywhere between words, except between
/// an option and its value (`--qty 2`, `[--store STORE]`, `--format csv`), which a reader, and
/// whoever copies the command, must see together.
public enum LineBreaks {
    /// Whether a line may end after `word` when `next` follows it.
    public static func mayBreak(after word: Substring, before next: Substring) -> Bool {
        let option = word.drop { $0 == "[" || $0 == "(" }
        guard option.hasPrefix("--"), option.count > 2,
              option.dropFirst(2).allSatisfy({ ("a"..."z").contains($0) || $0 == "-" }) else { return true }
        // A flag before another option, an alternative or an optional part is not a pair.
        return next.isEmpty || next.hasPrefix("-") || next.hasPrefix("[") || next.hasPrefix("|")
    }

    /// The words of `text` grouped so that no group may be broken: each option with its value.
    public static func unbreakableRuns(_ text: Substring) -> [String] {
        var runs: [String] = []
        var glued = false
        let words = text.split(separator: " ")
        for (index, word) in words.enumerated() {
            if glued { runs[runs.count - 1] += " " + word } else { runs.append(String(word)) }
            glued = index + 1 < words.count && !mayBreak(after: word, before: words[index + 1])
        }
        return runs
    }
}
