import Domain

/// What every view model shares: a failing intent becomes a readable `errorMessage` instead
/// of a crash, and the error itself stays available to fronts that map it (exit codes).
@MainActor
protocol ErrorState: IntentOutcome {
    var lastIntent: LastIntent { get set }
}

extension ErrorState {
    /// Runs an intent, clearing what the previous one left first.
    /// - Returns: whether it succeeded.
    @discardableResult
    func perform(_ intent: () async throws -> Void) async -> Bool {
        lastIntent = LastIntent()
        do {
            try await intent()
            return true
        } catch {
            lastIntent.fail(error)
            return false
        }
    }

    /// Runs a refresh (`LiveScreen`), which must not take away what the person's last intent
    /// left on the screen: on success its error, warning and cautions are put back; a refresh
    /// that fails says why the screen can no longer be read.
    func keepingOutcome(_ refresh: () async -> Bool) async -> Bool {
        let kept = lastIntent
        guard await refresh() else { return false }
        lastIntent = kept
        return true
    }

    /// Runs what follows a saved change (reloading what it changed, to show it). Whatever fails
    /// here cannot take the change back, so it becomes `unshownChange` (a warning) and the
    /// intent still succeeds.
    func afterSaving(_ step: () async throws -> Void) async {
        do {
            try await step()
        } catch {
            lastIntent.unshownChange = error
        }
    }
}
