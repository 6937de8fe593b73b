/// What a change that leaves nothing to show did, in a sentence (`Party: deleted cart`).
struct NoticeDocument: Encodable, Sendable {
    let notice: String?
}
