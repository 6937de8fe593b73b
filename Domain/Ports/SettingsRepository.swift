/// The user's preferences (`Settings`): one value, read and replaced whole.
public protocol SettingsRepository: AnyObject {
    /// The settings as stored; `Settings()`, not set up, when none are stored yet.
    func settings() throws -> Settings
    /// Replaces the settings whole.
    func save(_ settings: Settings) throws
}
