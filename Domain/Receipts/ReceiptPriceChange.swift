/// The last price known for an item at a store, and how a receipt's price compares with it.
public struct ReceiptPriceChange: Sendable, Hashable {
    /// The last price known there.
    public let last: UnitPrice
    /// The day it was paid or seen.
    public let seenOn: Day
    /// The receipt's price against it, in whole percent (+9: 9% dearer), rounded half away
    /// from zero; nil when the two cannot be compared (per kg against each) or it was free.
    public let percent: Int?
    /// The price was seen after the receipt's day (a receipt entered late): it is no price the
    /// receipt's changed "since".
    public let isAfterReceipt: Bool

    /// A comparison as worked out.
    public init(last: UnitPrice, seenOn: Day, percent: Int?, isAfterReceipt: Bool = false) {
        self.last = last
        self.seenOn = seenOn
        self.percent = percent
        self.isAfterReceipt = isAfterReceipt
    }
}
