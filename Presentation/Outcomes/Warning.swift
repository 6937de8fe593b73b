/// What an intent that succeeded warns of, as a value a front can switch on, with `text` wording
/// it the one way every front shows it today (the command line's `warning:` lines, shop mode's
/// screen, `grock rpc`'s `warnings`). `LastIntent.warnings` lists them in the order to show them.
public enum Warning: Sendable {
    /// What looked wrong about what the intent recorded (a price ten times the last one).
    case caution(Caution)
    /// The intent saved its change but reloading what it changed, to show it, failed with this
    /// error. The change stands: show it as a warning, never a failure, or the person would
    /// make the change again.
    case unshownChange(any Error)
}

extension Warning: CustomStringConvertible {
    /// The warning in the words every front shows: `the change was saved, but it cannot be shown: …`.
    public var text: String {
        switch self {
        case .caution(let caution): caution.text
        // An error words itself (its `description`), as in `LastIntent.errorMessage`.
        case .unshownChange(let error): "the change was saved, but it cannot be shown: \(error)"
        }
    }

    public var description: String { text }
}
