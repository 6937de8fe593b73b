// The documents methods answer with that no screen has: an export, a notice, an undo, and a
// value with the warning its change left.

/// `export`'s result: the document as text, to save as a file as it is.
struct ExportDocument: Encodable, Sendable {
    let format: String
    let text: String
}

/// What a change that leaves nothing to show did, in a sentence (`Party: deleted cart`).
struct NoticeDocument: Encodable, Sendable {
    let notice: String?
}

struct UndoDocument: Encodable, Sendable {
    let undid: String
}

/// A result with the warnings its intent raised (a price that looks like a slip).
struct Warned<Value: Encodable & Sendable>: Encodable, Sendable {
    let value: Value
    let warnings: [String]
}
