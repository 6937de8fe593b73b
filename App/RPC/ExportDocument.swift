/// `export`'s result: the document as text, to save as a file as it is.
struct ExportDocument: Encodable, Sendable {
    let format: String
    let text: String
}
