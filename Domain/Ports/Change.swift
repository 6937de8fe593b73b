/// The result of a change and the sentence that describes it for undo ("removed Milk from Weekly").
public struct Change<Value> {
    /// What the change gives back to its caller.
    public let value: Value
    /// The sentence undo shows for it, in the past tense.
    public let summary: String

    /// The change's result `value`, and what undo will say took it back.
    public init(_ value: Value, summary: String) {
        self.value = value
        self.summary = summary
    }
}
