import Domain

// The domain values that documents hold, written in the JSON as the text a screen shows. For an
// enum whose raw value is a `String`, the standard library's `Encodable` writes exactly that one
// string (`"planning"`, `"confident"`, `"vaultItem"`), so declaring the conformance is all it
// takes, and every document holding one keeps its synthesized encoding.
//
// Declared here and not in Domain: Domain knows no encoding (the JSON is the documents' concern).
// Declared once for the whole package: another module must not declare them again.

extension CartStatus: Encodable {}
extension ReceiptMatch.Verdict: Encodable {}
extension ReceiptLoggedLine.Kind: Encodable {}

extension Money: Encodable {
    /// Written as its decimal text alone (`"3.49"`, `"-1.00"`, `"349"` in JPY), as documents wrote
    /// their amounts when they held them as text: a document names the currency of its amounts
    /// once, in its own `currency`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(amountText)
    }
}
