import Domain

/// A calendar day in a document (`ReceiptRowDocument.lastSeen`, ...): written in the JSON as
/// `YYYY-MM-DD`, as `Day` writes it, and read by a front as a `Day`, so that none parses the text
/// back.
public struct DocumentDay: Sendable, Hashable, Comparable, CustomStringConvertible, Encodable {
    /// The day.
    public let day: Day

    /// The day as a document holds it.
    public init(_ day: Day) { self.day = day }

    /// `YYYY-MM-DD`, as the JSON has it.
    public var description: String { day.description }

    /// Earlier day first.
    public static func < (lhs: DocumentDay, rhs: DocumentDay) -> Bool { lhs.day < rhs.day }

    /// Written as the one string `description` gives, so the JSON is what it was when documents
    /// held the text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
