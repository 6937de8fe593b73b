import Domain

/// What first-run setup did, as data.
public struct SetupDocument: Encodable, Sendable, Hashable {
    /// The ISO code of the currency set (`EUR`).
    public let currency: String
    /// The default categories it made, in order; none when it had been done before.
    public let categoriesAdded: [String]
    /// Whether setup had been done before: nothing was made this time.
    public let alreadySetUp: Bool

    /// The document of what setup reported.
    public init(_ report: SetUpFirstRun.Outcome) {
        currency = report.currency.code
        categoriesAdded = report.categoriesAdded
        alreadySetUp = report.wasAlreadySetUp
    }
}
