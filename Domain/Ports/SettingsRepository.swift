/// The user's preferences (`Settings`): one value, read and replaced whole.
public protocol SettingsRepository: AnyObject {
    func settings() throws -> Settings
    func save(_ settings: Settings) throws
}
