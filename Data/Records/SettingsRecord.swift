/// The record of the settings: in `state.tsv`, backups and sync parts.
struct SettingsRecord: Codable, Equatable {
    var currency: String
    var isSetUp: Bool
}
