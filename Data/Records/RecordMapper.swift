import Domain

/// Turns records into entities in one currency, checking every value and reference. Each record's
/// `…Record+Mapping.swift` adds its method, built from the values below.
struct RecordMapper {
    let currency: Currency

    init(settings: SettingsRecord) throws {
        do { currency = try Currency(code: settings.currency) } catch { throw RecordError("unknown currency \"\(settings.currency)\"") }
    }

    // MARK: - Values

    func money(_ minorUnits: Int64) -> Money { Money(minorUnits: minorUnits, currency: currency) }

    func time(_ text: String) throws -> Timestamp {
        guard let time = Timestamp(rfc3339: text) else { throw RecordError("\"\(text)\" is not a time") }
        return time
    }

    func day(_ text: String) throws -> Day {
        guard let day = Day(iso: text) else { throw RecordError("\"\(text)\" is not a date") }
        return day
    }

    func unit(_ text: String) throws -> MeasureUnit {
        guard let unit = MeasureUnit(rawValue: text) else { throw RecordError("\"\(text)\" is not a unit") }
        return unit
    }

    func basis(_ text: String) throws -> PriceUnit {
        guard let basis = UnitText.parseBasis(Substring(text)) else { throw RecordError("\"\(text)\" is not a unit") }
        return basis
    }

    func lineUnits(_ text: String) throws -> (unit: MeasureUnit, basis: PriceUnit) {
        guard let units = UnitText.parseLine(Substring(text)) else { throw RecordError("\"\(text)\" is not a unit") }
        return units
    }

    func quantity(_ text: String) throws -> Quantity {
        // Unbounded: the maximum is for what is typed, and records may be older than it.
        do { return try Quantity(parsing: text, bounded: false) } catch { throw RecordError("\"\(text)\" is not a quantity") }
    }
}
