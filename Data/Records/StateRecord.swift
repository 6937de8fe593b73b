/// The active state as stored in `state.tsv` (schema 4, `StateCodec`; `state.json` in schema
/// 3, which had the same fields as JSON): settings, stores, categories, the active carts and
/// the undo list, with the names of the vault and history files it goes with.
///
/// Amounts are integer minor units of `settings.currency`; quantities are decimal strings;
/// times are RFC 3339 text. Nothing is stored as floating point.
struct StateRecord: Codable, Equatable {
    static let currentSchema = 8

    var schema: Int = StateRecord.currentSchema
    var settings: SettingsRecord
    var stores: [StoreRecord]
    var categories: [CategoryRecord]
    /// Planning and shopping carts; completed ones are in the history file.
    var carts: [CartRecord]
    /// The file holding the vault's items (`vault-N.tsv`); nil while there are none.
    var vault: String?
    /// The checksum in that file's header, so that another vault copied over it is noticed;
    /// nil for data written before schema 5.
    var vaultChecksum: String? = nil
    /// The stamp (inode and change time, like history's) of the whole vault under it (the
    /// vault itself, or the one its overlay lies on) as seen when its checksum was last found
    /// right: while the file keeps that stamp nothing has written to it, and its checksum is
    /// not computed again. Nil when unknown (then the checksum is computed).
    var vaultStamp: String? = nil
    /// The history file: `history.tsv`, or `history.jsonl` for history of schema 2 not yet
    /// rewritten; nil while there is none.
    var history: String?
    /// How many bytes of the history file are committed; bytes after that are the remains of
    /// an interrupted change and are ignored, then cut off by the next change.
    var historyBytes: Int
    /// What this state knows of those bytes, to tell that the file is still the history it
    /// recorded; nil for data written before schema 5 (then the file is checked whole).
    var historySeal: HistorySeal? = nil
    /// What completed trips spent per month, kept up to date as history changes, so that the
    /// home screen reads no history; nil for data written before it was kept.
    var months: [MonthRecord]?
    var undo: UndoRecord

    static let empty = StateRecord(settings: SettingsRecord(currency: "EUR", isSetUp: false), stores: [], categories: [], carts: [],
                                   vault: nil, history: nil, historyBytes: 0, months: [], undo: UndoRecord(nextSequence: 1, entries: []))
}
