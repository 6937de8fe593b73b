import Domain

/// A view model whose intents can record something that looks wrong (`IntentOutcome.cautions`).
@MainActor
protocol CautionState: ErrorState {
    var cautions: [String] { get set }
}

/// What every view model shares: a failing intent becomes a readable `errorMessage` instead
/// of a crash, and the error itself stays available to fronts that map it (exit codes).
@MainActor
protocol ErrorState: IntentOutcome {
    var errorMessage: String? { get set }
    var lastError: (any Error)? { get set }
    var warning: String? { get set }
}

extension ErrorState {
    /// Runs an intent, clearing the previous error first.
    /// - Returns: whether it succeeded.
    @discardableResult
    func perform(_ intent: () async throws -> Void) async -> Bool {
        errorMessage = nil
        lastError = nil
        warning = nil
        (self as? any CautionState)?.cautions = []
        do {
            try await intent()
            return true
        } catch {
            lastError = error
            errorMessage = "\(error)"
            return false
        }
    }

    /// Runs a refresh (`LiveScreen`), which must not take away what the person's last intent
    /// left on the screen: on success its error, warning and cautions are put back; a refresh
    /// that fails says why the screen can no longer be read.
    func keepingOutcome(_ refresh: () async -> Bool) async -> Bool {
        let kept = (errorMessage, lastError, warning, (self as? any CautionState)?.cautions)
        guard await refresh() else { return false }
        (errorMessage, lastError, warning) = (kept.0, kept.1, kept.2)
        if let cautions = kept.3 { (self as? any CautionState)?.cautions = cautions }
        return true
    }

    /// Runs what follows a saved change (reloading what it changed, to show it). Whatever fails
    /// here cannot take the change back, so it becomes `warning` and the intent still succeeds.
    func afterSaving(_ step: () async throws -> Void) async {
        do {
            try await step()
        } catch {
            warning = "the change was saved, but it cannot be shown: \(error)"
        }
    }
}
