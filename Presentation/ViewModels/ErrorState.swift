import Domain

/// What every view model shares: a failing intent becomes a readable `errorMessage` instead
/// of a crash, and the error itself stays available to fronts that map it (exit codes).
@MainActor
protocol ErrorState: AnyObject {
    var errorMessage: String? { get set }
    var lastError: (any Error)? { get set }
}

extension ErrorState {
    /// Runs an intent, clearing the previous error first.
    /// - Returns: whether it succeeded.
    @discardableResult
    func perform(_ intent: () async throws -> Void) async -> Bool {
        errorMessage = nil
        lastError = nil
        do {
            try await intent()
            return true
        } catch {
            lastError = error
            errorMessage = "\(error)"
            return false
        }
    }

    /// The error as a line to show above a screen, or nothing.
    func errorLine(_ style: RenderStyle) -> [String] {
        errorMessage.map { [style.red("error: " + $0)] } ?? []
    }
}
