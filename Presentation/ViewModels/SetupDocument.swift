import Domain

/// What first-run setup did, as data.
public struct SetupDocument: Encodable, Sendable, Hashable {
    public let currency: String
    /// The default categories it made, in order; none when it had been done before.
    public let categoriesAdded: [String]
    public let alreadySetUp: Bool

    public init(_ report: SetUpFirstRun.Report) {
        currency = report.currency.code
        categoriesAdded = report.categoriesAdded
        alreadySetUp = report.wasAlreadySetUp
    }
}
