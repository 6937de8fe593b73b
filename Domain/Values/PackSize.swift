/// What a pack holds: 250 g, 1.5 l, 6 each.
public struct PackSize: Sendable, Hashable, CustomStringConvertible {
    /// How much one pack holds, in `unit`.
    public let quantity: Quantity
    /// Never `.pack`: a pack holds weight, volume or a count.
    public let unit: MeasureUnit

    /// The most a pack can hold that a person can type, in its unit: what a price's pack may
    /// hold at the household folder's and a backup's boundary (`isTypable`).
    public static var maximum: Quantity { Quantity.maximum }

    /// nil for `.pack` (a pack holds weight, volume or a count, not packs) and for nothing.
    public init?(_ quantity: Quantity, _ unit: MeasureUnit) {
        guard unit != .pack, quantity.thousandths > 0 else { return nil }
        self.quantity = quantity
        self.unit = unit
    }

    /// Parses `250g`, `250 g`, `1.5l`, `6` (a count) or `6 each`.
    /// - Throws: `DomainError.invalidPack` naming the text and what is wrong.
    public init(parsing text: String) throws {
        let trimmed = text.trimmingWhitespace()
        let number = String(trimmed.prefix { $0.isASCII && ($0.isNumber || $0 == ".") })
        let rest = String(trimmed.dropFirst(number.count)).trimmingWhitespace()
        guard !number.isEmpty else { throw DomainError.invalidPack(text, reason: "write what one pack holds, like 250g, 1.5l or 6") }
        let quantity: Quantity
        do { quantity = try Quantity(parsing: number) } catch { throw DomainError.invalidPack(text, reason: "\(error)") }
        let unit: MeasureUnit
        do { unit = rest.isEmpty ? .each : try MeasureUnit(parsing: rest) } catch {
            throw DomainError.invalidPack(text, reason: "\(Echo.quoted(rest)) is not a unit of weight, volume or count")
        }
        guard let pack = PackSize(quantity, unit) else {
            throw DomainError.invalidPack(text, reason: "a pack holds weight, volume or a count, not packs")
        }
        self = pack
    }

    /// Whether a person could have typed it: no more than `maximum`. Files Grock wrote before
    /// the bound may hold more, and still read; a change from another device or a backup may not.
    public var isTypable: Bool { quantity <= PackSize.maximum }

    /// `250 g`, as typed back.
    public var description: String { "\(quantity) \(unit)" }
}
