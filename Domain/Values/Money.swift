/// An exact amount of money: integer minor units (cents) of one currency. Never floating point.
public struct Money: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The amount in the currency's minor unit: 349 is 3.49 EUR, 349 JPY is 349 yen.
    public let minorUnits: Int64
    /// The currency; amounts of two currencies never add up.
    public let currency: Currency

    /// An amount as stored, any sign, unchecked against `maximum(_:)`.
    public init(minorUnits: Int64, currency: Currency) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    /// Nothing, in `currency`.
    public static func zero(_ currency: Currency) -> Money { Money(minorUnits: 0, currency: currency) }

    /// The largest amount a person can type, in any currency: 1,000,000 of its major unit
    /// (`1000000.00` EUR, `1000000` JPY). It bounds each amount, not their sums: a line of
    /// `Quantity.maximum` kg at this price per g costs 10^14 major units, and a cart of a
    /// hundred such lines (in a currency of three decimals) no longer fits in 64 bits. So every
    /// sum is added with its overflow checked: a trip whose total, month or all of spending would
    /// not fit is refused as it is finished, imported or merged (`DomainError.amountOverflow`),
    /// and then every sum an insight makes of stored spending fits.
    public static func maximum(_ currency: Currency) -> Money {
        var minorUnits: Int64 = 1_000_000
        for _ in 0..<currency.minorDigits { minorUnits *= 10 }
        return Money(minorUnits: minorUnits, currency: currency)
    }

    /// Parses a non-negative amount typed by a person, such as `3.49`, `3` or `0.5`, at most
    /// `maximum(currency)`.
    ///
    /// Grouping separators (`1,234.50`), signs, exponents and more decimals than the currency has
    /// are rejected rather than guessed at.
    /// - Parameter kind: what the amount is, for the message when it is too large: `price`, `budget`.
    /// - Throws: `DomainError.invalidAmount` naming the text and what is wrong with it;
    ///   `DomainError.tooLarge` above the maximum.
    public init(parsing text: String, currency: Currency, as kind: String = "amount") throws {
        let maximum = Money.maximum(currency)
        switch DecimalText.parse(text, fractionDigits: currency.minorDigits) {
        case .success(let value):
            guard value <= maximum.minorUnits else { throw DomainError.tooLarge(text, kind: kind, maximum: maximum.amountText) }
            self.init(minorUnits: value, currency: currency)
        case .failure(.tooManyDecimals):
            throw DomainError.invalidAmount(text, reason: currency.minorDigits == 0
                ? "\(currency.code) has no decimals" : "\(currency.code) has at most \(currency.minorDigits) decimals")
        case .failure(.overflow): throw DomainError.tooLarge(text, kind: kind, maximum: maximum.amountText)
        case .failure(.malformed):
            throw DomainError.invalidAmount(text, reason: "write a non-negative number like \(Money.example(currency))")
        }
    }

    /// The amount as plain, locale-free decimal text: `1234.50`, `-3.00`, `349` (JPY).
    public var amountText: String { DecimalText.format(minorUnits, fractionDigits: currency.minorDigits) }

    /// The amount followed by the currency code: `3.49 EUR`.
    public var description: String { "\(amountText) \(currency.code)" }

    /// Whether it is below zero: a remaining budget that went over, a refund.
    public var isNegative: Bool { minorUnits < 0 }

    /// Amounts of one currency by size; amounts of two currencies by currency code, so that a
    /// sort groups each currency and no amount passes for a larger one in another currency.
    public static func < (lhs: Money, rhs: Money) -> Bool {
        lhs.currency == rhs.currency ? lhs.minorUnits < rhs.minorUnits : lhs.currency.code < rhs.currency.code
    }

    /// - Throws: `DomainError.amountOverflow`, or `currencyMismatch` for two currencies.
    public func adding(_ other: Money) throws -> Money {
        try requireSameCurrency(other)
        let (sum, overflow) = minorUnits.addingReportingOverflow(other.minorUnits)
        guard !overflow else { throw DomainError.amountOverflow }
        return Money(minorUnits: sum, currency: currency)
    }

    /// - Throws: `DomainError.amountOverflow`, or `currencyMismatch` for two currencies.
    public func subtracting(_ other: Money) throws -> Money {
        try requireSameCurrency(other)
        let (difference, overflow) = minorUnits.subtractingReportingOverflow(other.minorUnits)
        guard !overflow else { throw DomainError.amountOverflow }
        return Money(minorUnits: difference, currency: currency)
    }

    /// The cost of `quantity` units at this price per unit, rounded half-to-even to the minor unit.
    /// - Throws: `DomainError.amountOverflow` when the cost does not fit.
    public func times(_ quantity: Quantity) throws -> Money {
        let exact = Int128(minorUnits) * Int128(quantity.thousandths)
        return Money(minorUnits: try Rounding.halfEven(exact, dividedBy: 1000), currency: currency)
    }

    /// `a - b` in minor units, or the nearest value that fits: for figures derived without a way
    /// to fail (how far over budget), where only a damaged file can hold amounts that far apart.
    public static func difference(_ a: Int64, _ b: Int64) -> Int64 {
        Int64(clamping: Int128(a) - Int128(b))
    }

    /// The sum of `amounts`, zero for none.
    public static func sum(_ amounts: some Sequence<Money>, currency: Currency) throws -> Money {
        try amounts.reduce(.zero(currency)) { try $0.adding($1) }
    }

    private func requireSameCurrency(_ other: Money) throws {
        guard other.currency == currency else { throw DomainError.currencyMismatch(currency.code, other.currency.code) }
    }

    private static func example(_ currency: Currency) -> String {
        switch currency.minorDigits {
        case 0: "349"
        case 2: "3.49"
        default: "3." + String("495000".prefix(currency.minorDigits))
        }
    }
}
