import Domain

/// Text on its way to a terminal, made unable to drive it.
///
/// Screens show names from the data, which `Name` keeps free of control characters at entry,
/// but a file edited by hand, or a name stored before `Name` refused direction controls, may
/// still hold them; and notices echo what was typed. Every character `Echo` escapes (control
/// characters, line separators, direction embeddings, overrides and isolates) is shown escaped,
/// as `Echo` writes it, except line breaks and the colour codes `RenderStyle` itself writes.
public enum TerminalText {
    /// `text` with every control character escaped but line breaks (unless `singleLine`) and
    /// `RenderStyle`'s own colour codes (unless not `keepingColor`).
    ///
    /// A colour code read from a damaged file looks exactly like one of the screen's own, so a
    /// screen drawn in colour lets it through (it can change a colour, nothing more); plain
    /// output, which has no colour of its own, escapes them too.
    public static func safe(_ text: String, singleLine: Bool = false, keepingColor: Bool = true) -> String {
        // Most text has no control character but line breaks and colour codes: one pass over
        // its bytes says so, and it is returned as it is.
        if isPlain(text.utf8, singleLine: singleLine) { return text }
        let scalars = Array(text.unicodeScalars)
        var result = ""
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\n" && !singleLine {
                result.unicodeScalars.append(scalar)
            } else if scalar == "\u{1B}", keepingColor, let end = styleCodeEnd(scalars, from: index) {
                result.unicodeScalars.append(contentsOf: scalars[index...end])
                index = end
            } else if Echo.needsEscape(scalar) {
                result += Echo.escape(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
            index += 1
        }
        return result
    }

    /// JSON text with every character `Echo` escapes but line breaks written the JSON way
    /// (`\u202e`): the encoder leaves DEL, C1, the line separators and the direction controls as
    /// they are, and `safe` would write them Swift's way, which no JSON reader takes. They can
    /// only be in the JSON's strings, where a line break is never raw.
    public static func safeJSON(_ json: String) -> String {
        if isPlain(json.utf8, singleLine: false) { return json }
        var result = ""
        for scalar in json.unicodeScalars {
            if scalar != "\n" && Echo.needsEscape(scalar) {
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether the bytes hold nothing to escape: no C0 byte but a line break (an escape, even
    /// one that starts a colour code, takes the slow path), no DEL, no C1 character (UTF-8
    /// `C2 80`...`C2 9F`), no U+2028 to U+202E (`E2 80 A8`...`E2 80 AE`: the line separators,
    /// the direction embeddings and overrides) and no U+2066 to U+2069 (`E2 81 A6`...`E2 81 A9`,
    /// the direction isolates): what `Echo.needsEscape` says, byte by byte.
    private static func isPlain(_ bytes: String.UTF8View, singleLine: Bool) -> Bool {
        var previous: UInt8 = 0, beforePrevious: UInt8 = 0
        for byte in bytes {
            if byte < 0x20 && (byte != 0x0A || singleLine) { return false }
            if byte == 0x7F { return false }
            if previous == 0xC2 && byte >= 0x80 && byte <= 0x9F { return false }
            if beforePrevious == 0xE2
                && ((previous == 0x80 && (0xA8...0xAE).contains(byte)) || (previous == 0x81 && (0xA6...0xA9).contains(byte))) {
                return false
            }
            beforePrevious = previous
            previous = byte
        }
        return true
    }

    /// Where the colour code starting at `start` (an escape) ends: `ESC [ code m` with a code
    /// `RenderStyle` writes; nil for any other sequence.
    private static func styleCodeEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard start + 2 < scalars.count, scalars[start + 1] == "[" else { return nil }
        var end = start + 2
        var code = ""
        while end < scalars.count, ("0"..."9").contains(scalars[end]) {
            code.unicodeScalars.append(scalars[end])
            end += 1
        }
        guard end < scalars.count, scalars[end] == "m", RenderStyle.codes.contains(code) else { return nil }
        return end
    }
}
