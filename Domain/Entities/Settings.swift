/// The user's preferences.
public struct Settings: Sendable, Hashable {
    /// The currency of every amount Grock stores.
    public var currency: Currency
    /// Whether first-run setup has happened.
    public var isSetUp: Bool

    /// Settings as given; the defaults are those of a data set not set up yet.
    public init(currency: Currency = .euro, isSetUp: Bool = false) {
        self.currency = currency
        self.isSetUp = isSetUp
    }
}
