/// `undo`'s result: the summary of the change taken back (`{"undid": "added store Aldi"}`).
struct UndoDocument: Encodable, Sendable {
    let undid: String
}
