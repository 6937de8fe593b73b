/// What the receipt says it came to against what its lines add up to.
public struct ReceiptTotalDocument: Encodable, Sendable, Hashable {
    /// The total the receipt prints (`SUMME`, `TOTAL`), as a decimal string; nil when it prints none
    /// that could be read.
    public let stated: String?
    /// What the lines add up to after their discounts, plus `addedTax`, as a decimal string.
    public let computed: String
    /// US sales tax, counted in `computed`.
    public let addedTax: String?
    /// stated − computed; nil without a stated total.
    public let difference: String?
    /// Whether `difference` is zero, or there is no stated total to check: false is what a front
    /// flags before the person applies the receipt.
    public let addsUp: Bool

    /// A total check from decimal strings, as the document writes them.
    public init(stated: String?, computed: String, addedTax: String?, difference: String?, addsUp: Bool) {
        self.stated = stated
        self.computed = computed
        self.addedTax = addedTax
        self.difference = difference
        self.addsUp = addsUp
    }
}
