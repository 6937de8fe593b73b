/// The months an insights screen was asked for, each `YYYY-MM`; nil: not limited.
public struct MonthRange: Encodable, Sendable, Hashable {
    /// The first month.
    public var from: String?
    /// The last month, inclusive.
    public var to: String?
    /// The base month of the inflation index.
    public var base: String?

    public init(from: String? = nil, to: String? = nil, base: String? = nil) {
        self.from = from
        self.to = to
        self.base = base
    }
}
