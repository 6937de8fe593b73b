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

    /// Every warning of the last intent, for a front to show: what looked wrong about what it
    /// recorded (`cautions`), then that it saved but could not show the result (`warning`).
    public var warnings: [String] { cautions + (warning.map { [$0] } ?? []) }

    /// What kind of failure the last intent met (`ErrorKind.of`), for a front to map: an exit
    /// code, an HTTP status, a colour; nil after an intent that succeeded.
    public var errorKind: ErrorKind? { lastError.map(ErrorKind.of) }

    /// Whether the last intent failed only for now (`ErrorKind.isTransient`: the data was busy
    /// with another process, or the wait was cancelled): worth trying again, not a damaged or
    /// refused request.
    public var errorIsTransient: Bool { lastError.map(ErrorKind.isTransient) ?? false }
}
