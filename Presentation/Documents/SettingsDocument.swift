import Domain

/// The settings as data.
public struct SettingsDocument: Encodable, Sendable, Hashable {
    /// The ISO code amounts are in.
    public let currency: String
    /// How many digits its amounts have after the decimal point.
    public let decimals: Int
    /// Whether first-run setup has made the default categories.
    public let setUp: Bool

    /// The document of the settings.
    public init(_ settings: Settings) {
        currency = settings.currency.code
        decimals = settings.currency.minorDigits
        setUp = settings.isSetUp
    }
}
