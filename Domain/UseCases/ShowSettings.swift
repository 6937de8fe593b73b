/// The current settings.
public struct ShowSettings: Sendable {
    let storage: any Storage

    /// Usually reached as `UseCases.showSettings`.
    public init(storage: any Storage) { self.storage = storage }

    /// The settings as stored; the defaults before first-run setup.
    public func callAsFunction() async throws -> Settings {
        try await storage.read { try $0.settings() }
    }
}
