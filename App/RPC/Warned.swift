/// A change's result with the warnings its intent raised (a price that looks like a slip):
/// `{"value": …, "warnings": [...]}`.
struct Warned<Value: Encodable & Sendable>: Encodable, Sendable {
    let value: Value
    let warnings: [String]
}
