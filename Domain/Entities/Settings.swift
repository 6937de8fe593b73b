/// The user's preferences.
public struct Settings: Sendable, Hashable {
    public var currency: Currency
    /// Whether first-run setup has happened.
    public var isSetUp: Bool

    public init(currency: Currency = .euro, isSetUp: Bool = false) {
        self.currency = currency
        self.isSetUp = isSetUp
    }
}
