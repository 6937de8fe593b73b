/// One finding of `grock doctor`.
public struct HealthCheck: Sendable, Equatable {
    public let subject: String
    /// What was found, for a healthy subject; what is wrong, otherwise.
    public let detail: String
    public let isProblem: Bool
}
