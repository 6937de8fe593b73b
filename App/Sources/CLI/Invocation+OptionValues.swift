import Domain

/// An option's value read as what it stands for, where the command reads it: no command body
/// parses a value its own way.
///
/// A value in the command line's own vocabulary (a number, one of a few words, an address) that
/// does not read is refused by `value(_:takes:_:)` in one shape, `--NAME takes WHAT, not "VALUE"`:
/// a usage error, one line, exit 2. A domain value (a quantity, a unit, a pack size, a day) is
/// read by its domain type, whose error says what is wrong with it (`"x" is not a date: write
/// YYYY-MM-DD`), exit 2 as well, as for the amounts and dates the use cases read themselves.
extension Invocation {
    /// The value of `option` as `parse` reads it; nil when the option is not given.
    /// - Throws: `UsageError` "--NAME takes `expected`, not "VALUE"" when `parse` returns nil.
    func value<T>(_ option: OptionName, takes expected: String, _ parse: (String) -> T?) throws -> T? {
        guard let text = try value(option) else { return nil }
        guard let value = parse(text) else { throw UsageError("--\(option.spelling) takes \(expected), not \(Echo.quoted(text))") }
        return value
    }

    /// A whole number in `range`: `--max-stores takes a whole number from 1, not "0"`.
    func integer(_ option: OptionName, in range: ClosedRange<Int> = Int.min...Int.max) throws -> Int? {
        let expected = switch (range.lowerBound, range.upperBound) {
        case (Int.min, Int.max): "a whole number"
        case (let least, Int.max): "a whole number from \(least)"
        case (let least, let most): "a whole number from \(least) to \(most)"
        }
        return try value(option, takes: expected) { text in Int(text).flatMap { range.contains($0) ? $0 : nil } }
    }

    /// One of `T`'s cases by its raw value, in any case: `--by takes month, store or category, not "week"`.
    func choice<T: CaseIterable & RawRepresentable>(_ option: OptionName,
                                                    of type: T.Type = T.self) throws -> T? where T.RawValue == String {
        try value(option, takes: OptionUsage.listed(T.allCases.map(\.rawValue), or: true)) { T(rawValue: $0.lowercased()) }
    }

    /// The path a file option names (`--output`), never empty: empty would quietly mean stdout.
    /// - Throws: `UsageError` "--NAME needs a file, not an empty value", as `--data-dir` says for a directory.
    func file(_ option: OptionName) throws -> String? {
        let path = try value(option)
        if path?.isEmpty == true { throw UsageError("--\(option.spelling) needs a file, not an empty value") }
        return path
    }

    /// The option's value as a quantity.
    /// - Throws: `DomainError.invalidQuantity` or `.tooLarge` for a value that is not one.
    func quantity(_ option: OptionName) throws -> Quantity? { try value(option).map { try Quantity(parsing: $0) } }

    /// `--currency` as a currency, by its ISO code.
    /// - Throws: `DomainError.unknownCurrency` for a code Grock does not know.
    func currency() throws -> Currency? { try value(.currency).map { try Currency(code: $0) } }

    /// `--unit` as a unit of measure.
    /// - Throws: `DomainError.unknownUnit` for a value that is not one.
    func unit() throws -> MeasureUnit? { try value(.unit).map { try MeasureUnit(parsing: $0) } }

    /// `--pack` as a pack size (`250g`).
    /// - Throws: `DomainError.invalidPack` for a value that is not one.
    func pack() throws -> PackSize? { try value(.pack).map { try PackSize(parsing: $0) } }

    /// The option's value as a day, `YYYY-MM-DD`.
    /// - Throws: `DomainError.invalidDate` for a value that is not one.
    func day(_ option: OptionName) throws -> Day? {
        try value(option).map { try Day(parsing: $0) }
    }
}
