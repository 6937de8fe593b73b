/// One finding of `AppContainer.doctor()`: a file or folder, and what was found in it.
public struct DoctorFinding: Sendable, Equatable {
    /// What was looked at: a file of the data directory (by path), or `sync` and its folder.
    public let subject: String
    /// What was found, for a healthy subject; what is wrong, otherwise.
    public let detail: String
    /// Whether `detail` is something wrong: `grock doctor` marks it and fails when any is.
    public let isProblem: Bool
}
