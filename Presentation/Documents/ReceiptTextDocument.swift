/// A line of the receipt's text.
public struct ReceiptTextDocument: Encodable, Sendable, Hashable {
    /// The line's number in the receipt's text, 1 for the first.
    public let line: Int
    /// The line as the receipt printed it.
    public let text: String
    /// Why it was read as nothing, when the parser can say; not in the JSON.
    public let reason: String?

    private enum CodingKeys: String, CodingKey { case line, text }
}
