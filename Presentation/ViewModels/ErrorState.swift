import Domain

/// What a front reads after an intent besides whether it succeeded.
@MainActor
public protocol IntentOutcome: AnyObject {
    /// Why the last intent failed, in a sentence; nil after one that succeeded.
    var errorMessage: String? { get }
    /// Why the last intent failed; nil after one that succeeded.
    var lastError: (any Error)? { get }
    /// Set when the last intent saved its change but could not show the result (reloading what
    /// it changed failed). The change stands, so the intent succeeded: fronts show this as a
    /// warning, never as a failure, or the person would do it again.
    var warning: String? { get }
    /// What looked wrong about what the last intent recorded, though it was recorded (a price
    /// ten times the last one): fronts show each as a warning; the intent succeeded.
    var cautions: [String] { get }
}

extension IntentOutcome {
    public var cautions: [String] { [] }

    /// What kind of failure the last intent met (`ErrorKind.of`), for a front to map: an exit
    /// code, an HTTP status, a colour; nil after an intent that succeeded.
    public var errorKind: ErrorKind? { lastError.map(ErrorKind.of) }
}

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
