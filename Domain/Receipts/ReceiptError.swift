/// Why a text cannot be read as a receipt at all.
public enum ReceiptError: Error, ClassifiedError, Sendable, Hashable, CustomStringConvertible {
    /// Nothing but white space.
    case empty
    /// Bytes that are not text: NUL or other control bytes, or not UTF-8 (`line` is where).
    case notText(line: Int)
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
        case .notText(let line): "the receipt is not text (line \(line) has bytes that are not UTF-8 text); give the text of the receipt, not an image or a PDF"
        case .tooLong(let lines): "the receipt has \(lines) lines, more than the \(ReceiptParser.maximumLines) a receipt can have"
        case .noItems: "no line of the receipt reads as an item with a price"
        }
    }
}
