/// One finding of `AppContainer.doctor()`: a file or folder, and what was found in it.
public struct DoctorFinding: Sendable, Equatable {
    public let subject: String
    /// What was found, for a healthy subject; what is wrong, otherwise.
    public let detail: String
    public let isProblem: Bool
}
