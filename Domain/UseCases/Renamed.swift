/// What a rename did: the thing under its new name, and the name it had (as stored, not as
/// typed), so that a front can say "renamed Aldi to Aldi Süd" whatever spelling found it.
public struct Renamed<Value: Sendable>: Sendable {
    public let value: Value
    public let oldName: String
}
