/// What a rename did: the thing under its new name, and the name it had (as stored, not as
/// typed), so that a front can say "renamed Aldi to Aldi Süd" whatever spelling found it.
public struct Renamed<Value: Sendable>: Sendable {
    /// The thing, under its new name.
    public let value: Value
    /// Its name before, as it was stored.
    public let oldName: String
}
