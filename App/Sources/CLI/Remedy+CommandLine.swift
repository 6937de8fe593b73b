import Composition

/// A remedy of Composition's (front-neutral: what a person can do about a failure of the data
/// layer) in the command line's words, as the end of the error's line.
extension Remedy {
    /// What the command line appends to the error's message: ` (see grock doctor)`.
    var commandLineHint: String {
        switch self {
        case .runDoctor: " (see grock doctor)"
        case .reset: " (grock reset --yes erases it)"
        case .upgrade: "; upgrade grock"
        case .startOrJoinHousehold: " (grock sync init DIR, or grock sync join DIR)"
        case .leaveHousehold: " (grock sync leave)"
        case .exportThenReset: " (export what you want to keep, then grock reset --yes)"
        case .joinHousehold: " (grock sync join DIR)"
        case .startHousehold: " (grock sync init DIR starts one)"
        case .rejoinHousehold: " (grock sync leave, then grock sync join DIR)"
        case .syncOrDiscard: " (grock sync, or grock sync leave --discard)"
        case .decimalComma: " (--decimal-comma)"
        case .decimalPoint: " (without --decimal-comma)"
        case .latin1: " (--encoding latin1)"
        }
    }
}
