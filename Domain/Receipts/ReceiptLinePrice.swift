/// A receipt line as Grock logs it: a quantity and a price per something whose cost, with
/// Grock's rounding, is exactly what the receipt says the line came to.
public struct ReceiptLinePrice: Sendable, Hashable {
    /// How much is logged: the receipt's quantity, or one pack of what the line holds.
    public let quantity: Quantity
    /// What `quantity` is counted in.
    public let unit: MeasureUnit
    /// What `price` is per.
    public let basis: PriceUnit
    /// The price of one `basis`.
    public let price: Money

    /// A line price as worked out from a receipt line.
    public init(quantity: Quantity, unit: MeasureUnit, basis: PriceUnit, price: Money) {
        self.quantity = quantity
        self.unit = unit
        self.basis = basis
        self.price = price
    }

    /// The receipt's own unit price when quantity × unit price comes to the line's net total;
    /// else the net total as the price of a pack of the whole quantity (2 × 0.89 less 0.30 is
    /// 1.48 per pack of 2), whose cost is the net total exactly.
    ///
    /// A negative line (a refund) is priced at its magnitude; it is never logged.
    /// A line whose name says what one of it holds (`Kaffee 500g 4,29`) is priced per pack of
    /// that (4.29 per pack of 500 g, which compares as 8.58/kg), so that it compares with the
    /// store's other prices and ticks a cart line of that pack.
    public init(exactly line: ReceiptLine) {
        let counted = ReceiptLinePrice(counting: line)
        guard let size = line.packSize else { self = counted; return }
        if counted.basis == PriceUnit(.each) {
            self.init(quantity: counted.quantity, unit: .pack, basis: PriceUnit(pack: size), price: counted.price)
        } else if let pack = counted.basis.pack, pack.unit == .each, let total = pack.quantity.times(size.quantity),
                  let whole = PackSize(total, size.unit) {
            // The net total of several packs (discounted): one pack of what they all hold.
            self.init(quantity: .one, unit: .pack, basis: PriceUnit(pack: whole), price: counted.price)
        } else {
            self = counted
        }
    }

    /// What one of `quantity` holds: a pack by its contents.
    public var measure: PriceUnit { unit == .pack && basis.pack != nil ? basis : PriceUnit(unit) }

    private init(counting line: ReceiptLine) {
        let net = line.netTotal
        // The parser bounds every amount by `Money.maximum`: the magnitude fits.
        let magnitude = Money(minorUnits: abs(net.minorUnits), currency: net.currency)
        // A unit price whose cost overflows cannot be what the line printed: the next reading.
        if let unitPrice = line.unitPrice, !net.isNegative,
           (try? unitPrice.price.cost(of: line.quantity, in: PriceUnit(line.unit), per: unitPrice.basis)) == net {
            self.init(quantity: line.quantity, unit: line.unit, basis: unitPrice.basis, price: unitPrice.price)
        } else if line.quantity != .one, let pack = PackSize(line.quantity, line.unit) {
            self.init(quantity: line.quantity, unit: line.unit, basis: PriceUnit(pack: pack), price: magnitude)
        } else {
            // A pack of unknown contents is one for one with any pack: one of them at the total.
            self.init(quantity: .one, unit: line.unit, basis: PriceUnit(line.unit), price: magnitude)
        }
    }

    /// quantity × price, converted between `unit` and `basis` and rounded once.
    public func cost() throws -> Money? { try price.cost(of: quantity, in: measure, per: basis) }

    /// The price of one `other`, when the two measure the same thing (1.48 per pack of 2 is
    /// 0.74 each); nil when they do not, or when that price would not fit (it is then no
    /// price a store asks: nothing to compare).
    public func price(per other: PriceUnit) -> Money? { try? price.per(basis, convertedTo: other) }
}
