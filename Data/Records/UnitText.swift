import Domain

/// How units are written in Grock's files: a line's unit alone when its prices are per that
/// unit (`kg`), else the unit and what its prices are per (`g/kg`, `each/pack:6each`); a price's
/// basis as a unit (`kg`) or a pack with its contents (`pack:250g`). Plain units, all that files
/// before schema 6 hold, read as before.
enum UnitText {
    static func basis(_ basis: PriceUnit) -> String {
        guard let pack = basis.pack else { return basis.unit.rawValue }
        return "pack:\(pack.quantity)\(pack.unit.rawValue)"
    }

    static func line(_ unit: MeasureUnit, pricedPer basis: PriceUnit) -> String {
        basis == PriceUnit(unit) ? unit.rawValue : unit.rawValue + "/" + Self.basis(basis)
    }

    /// - Returns: nil for text Grock does not write.
    static func parseBasis(_ text: Substring) -> PriceUnit? {
        if let unit = MeasureUnit(rawValue: String(text)) { return PriceUnit(unit) }
        guard text.hasPrefix("pack:") else { return nil }
        let contents = text.dropFirst(5)
        let number = contents.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        // A quantity that does not parse is not a pack size Grock wrote: nil, like any other text.
        // Unbounded, as files written before `PackSize.maximum` may hold more: the arithmetic over
        // packs is checked, so a damaged file's pack traps nothing; what comes from another
        // device or a backup is held to `isTypable` where it enters (SegmentCheck, BackupCodec).
        guard let unit = MeasureUnit(rawValue: String(contents.dropFirst(number.count))),
              let quantity = try? Quantity(parsing: String(number), bounded: false), String(number) == quantity.description,
              let pack = PackSize(quantity, unit) else { return nil }
        return PriceUnit(pack: pack)
    }

    /// - Returns: nil for text Grock does not write.
    static func parseLine(_ text: Substring) -> (unit: MeasureUnit, basis: PriceUnit)? {
        guard let slash = text.firstIndex(of: "/") else { return MeasureUnit(rawValue: String(text)).map { ($0, PriceUnit($0)) } }
        guard let unit = MeasureUnit(rawValue: String(text[..<slash])), let basis = parseBasis(text[text.index(after: slash)...]),
              basis != PriceUnit(unit), PriceUnit(unit).converts(to: basis) else { return nil }
        return (unit, basis)
    }
}
