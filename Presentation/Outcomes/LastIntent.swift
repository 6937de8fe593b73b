/// What the last intent of a view model left for a front besides its result: why it failed,
/// or what to warn about though it succeeded. Every view model holds one
/// (`IntentOutcome.lastIntent`), and each intent starts from an empty one, so nothing of an
/// earlier intent is shown as if this one had said it.
public struct LastIntent: Sendable {
    /// Why it failed, in a sentence; nil after one that succeeded.
    public internal(set) var errorMessage: String?
    /// Why it failed; nil after one that succeeded.
    public internal(set) var lastError: (any Error)?
    /// Set when it saved its change but could not show the result: why reloading what it
    /// changed failed. The change stands, so the intent succeeded: fronts show `warning`,
    /// never a failure, or the person would do it again.
    public internal(set) var unshownChange: (any Error)?
    /// `unshownChange` in a sentence (`Warning.unshownChange`'s): `the change was saved, but it
    /// cannot be shown: …`.
    public var warning: String? { unshownChange.map { Warning.unshownChange($0).text } }
    /// What looked wrong about what it recorded, though it was recorded (a price ten times the
    /// last one): fronts show each as a warning; the intent succeeded.
    public internal(set) var cautions: [Caution] = []

    /// An intent that has not failed or warned (yet).
    init() {}

    /// Something the person entered that names no intent (a line a text front cannot read):
    /// a reason to show, with no error to map.
    init(refusal reason: String) {
        errorMessage = reason
    }

    /// Every warning, for a front to show (each in words: `text`): what looked wrong about what
    /// was recorded (`cautions`), then that the change was saved but cannot be shown
    /// (`unshownChange`).
    public var warnings: [Warning] { cautions.map(Warning.caution) + (unshownChange.map { [.unshownChange($0)] } ?? []) }

    /// The intent failed with `error`; what it recorded before stays said.
    mutating func fail(_ error: any Error) {
        lastError = error
        errorMessage = "\(error)"
    }
}
