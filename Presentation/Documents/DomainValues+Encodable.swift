import Domain

// The domain enums that documents hold, written in the JSON as their raw value (`"planning"`,
// `"confident"`, `"vaultItem"`). For an enum whose raw value is a `String`, the standard library's
// `Encodable` writes exactly that one string, so declaring the conformance is all it takes, and
// every document holding one keeps its synthesized encoding.
//
// Declared here and not in Domain: Domain knows no encoding (the JSON is the documents' concern).
// Declared once for the whole package: another module must not declare them again.

extension CartStatus: Encodable {}
extension ReceiptMatch.Verdict: Encodable {}
extension ReceiptLoggedLine.Kind: Encodable {}
