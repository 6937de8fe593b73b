/// What a change committed by `FileStorage.write(numbered:beforeCommit:)` produced: the
/// value its body returned, and the number it was committed as (its undo sequence).
struct Committed<Value> {
    let value: Value
    let sequence: Int
}
