// Commands shown to be copied: names quoted as a POSIX shell reads them back.
import Domain

extension TextBlocks {
    /// `text` as one word a POSIX shell reads back as it is, for a command shown to be copied:
    /// as it is when it holds only letters, digits and `@%+=:,./_-`, else in single quotes (a
    /// quote inside as `'\''`), so a name like `$(touch x)` is never run when pasted. A character
    /// a terminal acts on (`Echo.needsEscape`: an escape, a line break, U+2028) is never shown
    /// raw: the word is then in bash's `$'...'` with the character as `\xHH` or `\uHHHH`.
    package static func shellWord(_ text: String) -> String {
        let safe = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || "@%+=:,./_-".unicodeScalars.contains(scalar)
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
}
