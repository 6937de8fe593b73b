import Composition
import Domain

/// How a failure ends `grock`: one line on stderr (or a JSON document), with the command
/// line's hint, and the exit code its kind documents.
extension GrockCLI {
    /// Prints the line for the error that ended a command on stderr: as it is, or in JSON an
    /// error document (a warning one when the change was saved).
    @MainActor
    static func report(_ line: String, of error: any Error, code: ExitCode, json: Bool, console: Console) {
        if json && code != .success {
            console.errorDocument(kind: ErrorKind.of(error), message: line)
        } else if json {
            console.warningDocument(String(line.dropFirst("warning: ".count)))
        } else {
            console.error(line)
        }
    }

    /// The line to print and the exit code for the error that ended a command after `committed`
    /// changes. Whatever can fail must fail before the commit; once a command's one change (or a
    /// session's changes, each its own) is committed, a failure (of showing its result) cannot
    /// mean "nothing changed", and running the command again would repeat the change: it is a
    /// warning, and the command succeeds. A second change refused (`ChangeLimitExceeded`) is
    /// the exception: the command did not store all it meant to, so it fails.
    static func outcome(of error: any Error, afterCommitting committed: Int) -> (line: String, code: ExitCode) {
        if committed > 0 && !(error is ChangeLimitExceeded) {
            let saved = committed == 1 ? "the change was saved" : "the \(committed) changes made were saved"
            return ("warning: \(saved), but the command could not finish: \(error)", .success)
        }
        let code = ExitCode.of(error)
        return ("\(error)" + commandLineHint(for: error, code: code), code)
    }

    /// The command line's hint for an error: what to type next, in its own options and
    /// commands, appended to a message of the layers below (which name none). Not a second
    /// table of remedies: the data layer's failures carry Composition's `Remedy` (front-neutral,
    /// what a person can do), said here in the command line's words (`Remedy.commandLineHint`);
    /// the others listed here are the command line's alone (an option that answers them).
    static func commandLineHint(for error: any Error, code: ExitCode) -> String {
        switch error {
        case is UsageError where code == .usage: " (see grock help)"
        case DomainError.notEmpty: " (a new --data-dir, or after grock reset --yes)"
        case DomainError.tooManyStores: " (a smaller --max-stores)"
        case ReceiptRefusal.noStore: " (--store STORE)"
        case ReceiptRefusal.doesNotAddUp, ReceiptRefusal.noTotal: " (--accept-difference)"
        default: Remedy(for: error)?.commandLineHint ?? ""
        }
    }
}
