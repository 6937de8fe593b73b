/// One finding of `grock doctor`.
public struct HealthCheck: Sendable, Equatable {
    /// What was looked at: a file of the data directory by path, or `sync` and what its folder holds.
    public let subject: String
    /// What was found, for a healthy subject; what is wrong, otherwise.
    public let detail: String
    /// Whether `detail` is damage in this data directory; what a household folder holds that was
    /// refused or damaged is told but is no problem here.
    public let isProblem: Bool
}
