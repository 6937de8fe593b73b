/// Takes back the last change, one at a time, and says what it was.
public struct UndoLastChange: Sendable {
    let storage: any Storage

    /// Usually reached as `UseCases.undoLastChange`.
    public init(storage: any Storage) { self.storage = storage }

    /// - Returns: the summary of what was undone, such as "removed Milk from Weekly".
    /// - Throws: `DomainError.nothingToUndo`.
    public func callAsFunction() async throws -> String { try await storage.undoLastChange() }
}
