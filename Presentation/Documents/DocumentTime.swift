import Domain

/// An instant in a document (`CartDocument.created`, `TripRow.completed`, ...): written in the
/// JSON as RFC 3339 with the local offset (`2026-03-01T09:30:00+01:00`), as `Timestamp` writes it,
/// and read by a front as a value, so that none has to cut the text to find its day.
public struct DocumentTime: Sendable, Hashable, Comparable, CustomStringConvertible, Encodable {
    /// The instant, with the offset of where it was recorded.
    public let timestamp: Timestamp

    /// The instant as a document holds it.
    public init(_ timestamp: Timestamp) { self.timestamp = timestamp }

    /// The local calendar day: what a screen shows when the time of day does not matter.
    public var day: Day { timestamp.day }

    /// RFC 3339 with the local offset, as the JSON has it.
    public var description: String { timestamp.description }

    /// Earlier instant first, whatever the offsets.
    public static func < (lhs: DocumentTime, rhs: DocumentTime) -> Bool { lhs.timestamp < rhs.timestamp }

    /// Written as the one string `description` gives, so the JSON is what it was when documents
    /// held the text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
