/// Where a price in a history came from, as `PriceDocument.source` holds it, so a front compares
/// cases rather than text. The raw value is what the JSON writes.
public enum PriceSource: String, Sendable, Hashable, CaseIterable, Encodable {
    /// Recorded by hand: seen on a shelf or in a flyer.
    case seen
    /// Logged on a trip: paid.
    case paid
}
