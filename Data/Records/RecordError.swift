/// Why a stored record could not become an entity: a wrong value or a dangling reference.
struct RecordError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
