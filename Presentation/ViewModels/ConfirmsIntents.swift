/// A view model that says what its last intent did: the value in `lastNotice` for a front to
/// switch on, its sentence in `notice` for one that shows it as it is.
@MainActor
public protocol ConfirmsIntents: IntentOutcome {
    /// What the last intent did; nil until one has said something (and, in shop mode, after
    /// one that failed or only asked something).
    var lastNotice: Notice? { get }
}

extension ConfirmsIntents {
    /// What the last intent did, in a sentence (`Weekly: added Milk`): `lastNotice`'s `text`.
    public var notice: String? { lastNotice?.text }
}
