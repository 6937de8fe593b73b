import Foundation
import Testing

/// A check that needs a program this machine lacks is never passed in silence.
@Suite struct ExternalToolTests {
    /// Outside CI the skipped check is a warning in the test's report; in CI it is a failure.
    @Test func aMissingToolIsReportedNotPassedSilently() {
        let severity: Issue.Severity = ProcessInfo.processInfo.environment["CI"] == nil ? .warning : .error
        var path: String? = "unset"
        withKnownIssue("grock-no-such-tool is missing on purpose") {
            path = externalTool("grock-no-such-tool")
        } matching: { issue in
            issue.severity == severity && "\(issue)".contains("grock-no-such-tool is not installed")
        }
        #expect(path == nil)
    }
}
