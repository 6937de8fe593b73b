/// How text that came from outside (typed by a person, or read from a file that may have been
/// edited by hand) is shown back in a message or on a screen.
///
/// A terminal acts on control characters instead of showing them: `ESC ] 0 ; ... BEL` sets the
/// window title, `ESC [ 2 J` clears the screen, a bare carriage return overwrites the line. So
/// every control character (Unicode general category Cc: C0, DEL and C1) and the line and
/// paragraph separators are written as visible escapes, and so are the bidirectional embeddings,
/// overrides and isolates (U+202A–202E, U+2066–2069), which reorder what follows them on the
/// line (a name could make a message read otherwise than it says): `\e` for escape, `\t`, `\n`, `\r`, and
/// `\u{7}` (the code point in hex, as Swift writes it) for the others. A backslash typed as
/// such is shown as it is. Text quoted back in a message is also cut after 60 characters or 240
/// bytes, ending in `...`, so that a pasted page (or one letter with a page of accents on it)
/// does not drown the message.
///
/// Domain's, not Presentation's: `DomainError`'s descriptions and the data layer's refusals
/// quote what they refuse with it, and neither may depend on Presentation.
public enum Echo {
    /// How many characters of echoed text a message shows before cutting it.
    public static let maximumLength = 60

    /// Whether a terminal could act on `scalar` rather than show it, or it would reorder the
    /// text shown after it.
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
            || isDirectionControl(scalar)
    }

    /// Whether `scalar` is a bidirectional embedding, override or isolate (U+202A–202E,
    /// U+2066–2069): it reorders the text after it up to its closing one or the line's end. The
    /// direction marks (U+200E, U+200F, U+061C) are none: each acts on its neighbours only, as a
    /// right-to-left letter does.
    public static func isDirectionControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    /// The visible spelling of a scalar that `needsEscape`: `\e`, `\t`, `\n`, `\r` or `\u{HEX}`.
    public static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x1B: "\\e"
        case 0x09: "\\t"
        case 0x0A: "\\n"
        case 0x0D: "\\r"
        default: "\\u{" + String(scalar.value, radix: 16) + "}"
        }
    }

    /// `text` with every character a terminal would act on escaped; everything else as it is.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) { result += escape(scalar) } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }

    /// How many bytes of UTF-8 echoed text a message shows before cutting it: one character can
    /// hold any number of combining marks, so characters alone bound nothing.
    public static let maximumBytes = maximumLength * 4

    /// `text` escaped and, when longer than `maximumLength` characters or `maximumBytes` bytes,
    /// cut there with `...`; an escape is never cut in two, nor a character unless it alone is
    /// over the bytes (then only its first scalar is shown).
    public static func shortened(_ text: String) -> String {
        let whole = escaped(text)
        guard whole.utf8.count > maximumBytes || whole.count > maximumLength else { return whole }
        var cut = ""
        var length = 0
        for character in text {
            let shown = escaped(String(character))
            guard length + shown.count <= maximumLength, cut.utf8.count + shown.utf8.count <= maximumBytes else {
                if cut.isEmpty, let first = character.unicodeScalars.first { cut = escaped(String(first)) }
                break
            }
            cut += shown
            length += shown.count
        }
        return cut + "..."
    }

    /// `text` in double quotes, escaped and shortened: how a message names what was typed.
    public static func quoted(_ text: String) -> String { "\"" + shortened(text) + "\"" }
}
