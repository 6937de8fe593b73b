/// A line of the receipt's text and its 1-based number.
public struct ReceiptTextLine: Sendable, Hashable {
    /// 1 for the first line.
    public var number: Int
    /// The line as printed, without its line end.
    public var text: String

    /// Line `number` of the text.
    public init(number: Int, text: String) {
        self.number = number
        self.text = text
    }
}
