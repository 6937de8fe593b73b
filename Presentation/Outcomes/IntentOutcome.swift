import Domain

/// What a front reads after an intent besides whether it succeeded: the view model's
/// `lastIntent`, also readable by each of its names on the view model itself
/// (`model.errorMessage`).
@MainActor
public protocol IntentOutcome: AnyObject {
    /// What the last intent left: its error, or its warnings though it succeeded.
    var lastIntent: LastIntent { get }
}

extension IntentOutcome {
    /// Why the last intent failed, in a sentence; nil after one that succeeded.
    public var errorMessage: String? { lastIntent.errorMessage }

    /// Why the last intent failed; nil after one that succeeded.
    public var lastError: (any Error)? { lastIntent.lastError }

    /// That the last intent saved its change but could not show it (`LastIntent.warning`).
    public var warning: String? { lastIntent.warning }

    /// What looked wrong about what the last intent recorded (`LastIntent.cautions`).
    public var cautions: [Caution] { lastIntent.cautions }

    /// Every warning of the last intent, for a front to show (`LastIntent.warnings`).
    public var warnings: [Warning] { lastIntent.warnings }

    /// What kind of failure the last intent met (`ErrorKind.of`), for a front to map: an exit
    /// code, an HTTP status, a colour; nil after an intent that succeeded.
    public var errorKind: ErrorKind? { lastError.map(ErrorKind.of) }

    /// Whether the last intent failed only for now (`ErrorKind.isTransient`: the data was busy
    /// with another process, or the wait was cancelled): worth trying again, not a damaged or
    /// refused request.
    public var errorIsTransient: Bool { lastError.map(ErrorKind.isTransient) ?? false }
}
