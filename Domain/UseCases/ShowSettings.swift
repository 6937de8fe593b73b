/// The current settings.
public struct ShowSettings: Sendable {
    let storage: any Storage

    public init(storage: any Storage) { self.storage = storage }

    public func callAsFunction() async throws -> Settings {
        try await storage.read { try $0.settings() }
    }
}
