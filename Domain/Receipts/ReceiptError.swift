/// Why a text cannot be read as a receipt at all.
public enum ReceiptError: Error, ClassifiedError, Sendable, Hashable, CustomStringConvertible {
    /// Nothing but white space.
    case empty
    /// UTF-8 text with a control character other than a tab on `line` (NUL, BEL, ESC, DEL): a
    /// terminal's colour codes, a binary or UTF-16 file, nothing a receipt prints.
    case controlCharacters(line: Int)
    /// More lines than a receipt has (`ReceiptParser.maximumLines`).
    case tooLong(lines: Int)
    /// Text, but not one line of it reads as an item with a price.
    case noItems

    /// Always input to fix.
    public var kind: ErrorKind { .invalidInput }

    /// A sentence for the person who gave the receipt.
    public var description: String {
        switch self {
        case .empty: "the receipt is empty"
        case .controlCharacters(let line):
            "the receipt is not text: line \(line) holds control characters (such as ESC, BEL or NUL), which no receipt prints; "
                + "give the receipt's plain text"
        case .tooLong(let lines): "the receipt has \(lines) lines, more than the \(ReceiptParser.maximumLines) a receipt can have"
        case .noItems: "no line of the receipt reads as an item with a price"
        }
    }
}
