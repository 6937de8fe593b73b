/// One purchase on a receipt: an item, or a deposit paid (or, negative, refunded).
public struct ReceiptLine: Sendable, Hashable {
    /// The text the receipt names it by, with tax codes and bar codes taken off and spaces
    /// collapsed: `MILCH 1,5% 1L`.
    public var name: String
    /// How many or how much: 1 each when the receipt does not say.
    public var quantity: Quantity
    /// `each`, or the unit a weighed line is weighed in (`kg`, `lb`, `g`).
    public var unit: MeasureUnit
    /// The price of one unit when the receipt shows it (`2 x 0,89`, `1,99 EUR/kg`).
    public var unitPrice: UnitPrice?
    /// What the line cost before discounts, as printed (or quantity times unit price when only
    /// those are printed).
    public var total: Money
    /// Discounts and coupons taken off this line.
    public var discounts: [ReceiptDiscount]
    /// A bottle or can deposit (`Pfand`, `Consigne`, `BOTTLE DEPOSIT`) rather than an item.
    public var isDeposit: Bool
    /// The 1-based numbers of the text lines this line was read from.
    public var sourceLines: [Int]

    /// A line as read; by default one, each, without discounts.
    public init(name: String, quantity: Quantity = .one, unit: MeasureUnit = .each, unitPrice: UnitPrice? = nil, total: Money,
                discounts: [ReceiptDiscount] = [], isDeposit: Bool = false, sourceLines: [Int]) {
        self.name = name
        self.quantity = quantity
        self.unit = unit
        self.unitPrice = unitPrice
        self.total = total
        self.discounts = discounts
        self.isDeposit = isDeposit
        self.sourceLines = sourceLines
    }

    /// What one of it holds, when its name says (`Kaffee 500g`, `Wasser 6x1,5L`, `Eier 10 Stk`).
    public var packSize: PackSize? { unit == .each && !isDeposit ? ReceiptPackSize.read(from: name) : nil }

    /// What was paid for the line: its total less its discounts.
    public var netTotal: Money {
        Money(minorUnits: discounts.reduce(total.minorUnits) { $0 - $1.amount.minorUnits }, currency: total.currency)
    }
}

/// An amount taken off the line above it: `Rabatt -0,50`, `PROMO -20%`, `SAVINGS 0.50-`.
public struct ReceiptDiscount: Sendable, Hashable {
    /// The receipt's words for it: `Rabatt`, `Clubcard Price`.
    public var label: String
    /// How much was taken off, positive.
    public var amount: Money
    /// The 1-based number of its text line.
    public var sourceLine: Int

    /// A discount as read; `amount` is positive.
    public init(label: String, amount: Money, sourceLine: Int) {
        self.label = label
        self.amount = amount
        self.sourceLine = sourceLine
    }
}
