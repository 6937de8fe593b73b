// A request that turns out to change nothing (a tick of a line bought already, a cart edited to
// what it is, a setup run again) stores nothing: no undo step stands for it, so `undo` takes
// back the change before it, not an invisible one.

/// What a change's body found: a change to store, or nothing to change (and the value to answer).
enum ChangeOutcome<Value: Sendable> {
    case changed(Change<Value>)
    case unchanged(Value)
}

extension Storage {
    /// `write`, unless `body` finds nothing to change: then the write is given up (the port
    /// stores nothing of a body that throws) and the value `body` gave is returned all the same.
    func write<Value: Sendable>(unlessUnchanged body: sending (any Repositories) throws -> ChangeOutcome<Value>) async throws -> Value {
        do {
            return try await write { repositories in
                switch try body(repositories) {
                case .changed(let change): return change
                case .unchanged(let value): throw Unchanged(value: value)
                }
            }
        } catch let unchanged as Unchanged<Value> {
            return unchanged.value
        }
    }
}

/// Thrown out of a write to give it up, carrying what the body answered.
private struct Unchanged<Value: Sendable>: Error {
    let value: Value
}
