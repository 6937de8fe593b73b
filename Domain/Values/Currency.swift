/// An ISO 4217 currency: its code and how many minor-unit digits it has (EUR 2, JPY 0, KWD 3).
public struct Currency: Sendable, Hashable, CustomStringConvertible {
    /// The ISO 4217 code, upper case: `EUR`.
    public let code: String
    /// How many decimals an amount has: 2 for EUR, 0 for JPY, 3 for KWD.
    public let minorDigits: Int

    /// The currency with this ISO code, in any case.
    /// - Throws: `DomainError.unknownCurrency` for a code Grock does not know.
    public init(code: String) throws {
        let upper = code.trimmingWhitespace().uppercased()
        guard let digits = Currency.knownDigits[upper] else { throw DomainError.unknownCurrency(code) }
        self.code = upper
        self.minorDigits = digits
    }

    /// A currency of the table below, as written there (`CurrencyTests` checks each such
    /// constant against it): a constant needs no lookup that could fail.
    init(known code: String, minorDigits: Int) {
        self.code = code
        self.minorDigits = minorDigits
    }

    /// The code.
    public var description: String { code }

    /// The euro.
    public static let euro = Currency(known: "EUR", minorDigits: 2)

    /// Every code Grock accepts, alphabetically.
    public static var knownCodes: [String] { knownDigits.keys.sorted() }

    private static let knownDigits: [String: Int] = [
        "AUD": 2, "BGN": 2, "BHD": 3, "BRL": 2, "CAD": 2, "CHF": 2, "CLP": 0, "CNY": 2, "CZK": 2,
        "DKK": 2, "EUR": 2, "GBP": 2, "HKD": 2, "HUF": 2, "IDR": 2, "ILS": 2, "INR": 2, "ISK": 0,
        "JOD": 3, "JPY": 0, "KRW": 0, "KWD": 3, "MXN": 2, "MYR": 2, "NOK": 2, "NZD": 2, "OMR": 3,
        "PHP": 2, "PLN": 2, "RON": 2, "SEK": 2, "SGD": 2, "THB": 2, "TND": 3, "TRY": 2, "TWD": 2,
        "UAH": 2, "USD": 2, "VND": 0, "ZAR": 2,
    ]
}
