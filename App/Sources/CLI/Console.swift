import Composition
import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Presentation
import Terminal
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the CLI writes: stdout for what was asked for, stderr for errors, one line each.
///
/// Nothing reaches the terminal with a control character in it but line breaks and the
/// screens' colour codes: what is echoed (names, typed text, paths) is escaped here, whatever
/// built the message (`Echo`, `TerminalText`).
@MainActor
final class Console {
    let style: RenderStyle
    let isInteractive: Bool
    /// The columns there are to draw in: `COLUMNS` when it holds a positive number, else the
    /// terminal's width when stdout is one; nil when neither says.
    let columns: Int?
    /// The width help and screens are drawn for: `columns`, else 80; never more than 80 (what
    /// the screens are laid out for) nor less than 20. Text is wrapped to it, never cut, piped
    /// or not.
    let width: Int

    /// Plain ASCII without colour unless stdout is a terminal, `NO_COLOR` is unset and
    /// `--no-color` was not given.
    init(noColor: Bool, environment: [String: String]) {
        let terminal = isatty(STDOUT_FILENO) == 1
        let colour = terminal && !noColor && Configuration.colorAllowed(environment)
        columns = Console.columns(environment, terminal: terminal)
        width = min(80, max(20, columns ?? 80))
        var style = colour ? RenderStyle.rich : .plain
        style.width = width
        self.style = style
        isInteractive = isatty(STDIN_FILENO) == 1 && terminal
    }

    /// `COLUMNS` when it holds a positive number, else the width of the `terminal` stdout is.
    static func columns(_ environment: [String: String], terminal: Bool) -> Int? {
        if let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 { return columns }
        var size = winsize()
        guard terminal, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    func out(_ text: String) {
        guard !text.isEmpty else { return }
        let safe = TerminalText.safe(text, keepingColor: style.color)
        write(Array((safe.hasSuffix("\n") ? safe : safe + "\n").utf8))
    }

    /// Why something could not be written to stdout (a full disk, a closed pipe): the command
    /// then does not claim success for output that did not happen.
    private(set) var outputFailure: String?

    /// Writes bytes to stdout as they are, remembering the first failure.
    func write(_ bytes: [UInt8]) {
        guard outputFailure == nil else { return }
        outputFailure = OutputDescriptor.standardOutput.writeAll(bytes).map { "standard output: \($0)" }
    }

    /// Whether stderr is a terminal (a progress bar is drawn there, and only there).
    var isErrorATerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Text on stderr as it is (a progress bar's carriage returns), best effort.
    func rawError(_ text: String) { OutputDescriptor.standardError.writeAll(Array(text.utf8)) }

    /// A view model's notice as a sentence: "Added store Aldi.".
    func notice(_ text: String?) {
        guard let text, !text.isEmpty else { return }
        out(text.prefix(1).uppercased() + text.dropFirst() + (text.hasSuffix(".") ? "" : "."))
    }

    /// One line on stderr: `grock: <message>`; a line break in the message is shown escaped.
    func error(_ message: String) {
        OutputDescriptor.standardError.writeAll(Array(("grock: " + Echo.escaped(message) + "\n").utf8))
    }

    /// An error as one line of JSON on stderr, for `--json`: `{"error":{"kind":"notFound","message":"..."}}`.
    func errorDocument(kind: ErrorKind, message: String) {
        struct Document: Encodable {
            struct Failure: Encodable {
                let kind: String
                let message: String
            }
            let error: Failure
        }
        Console.errorLine(Document(error: .init(kind: kind.rawValue, message: Echo.escaped(message))))
    }

    /// A warning as one JSON line on stderr, for `--json`: `{"warning":{"message":"…"}}`.
    func warningDocument(_ message: String) {
        struct Document: Encodable {
            struct Warning: Encodable { let message: String }
            let warning: Warning
        }
        Console.errorLine(Document(warning: .init(message: Echo.escaped(message))))
    }

    /// A document as one JSON line on stderr. Encoding a few strings cannot fail; were it to,
    /// `{}` still keeps stderr one JSON document a line, which is all a reader may rely on.
    private static func errorLine(_ document: some Encodable) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let bytes = (try? encoder.encode(document)).map(Array.init) ?? Array("{}".utf8)
        OutputDescriptor.standardError.writeAll(bytes + [0x0A])
    }

    /// One JSON document on stdout, keys sorted.
    /// - Throws: what the encoder throws; nothing is printed then.
    func json<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        out(TerminalText.safeJSON(String(decoding: try encoder.encode(value), as: UTF8.self)))
    }

    /// The longest line of standard input read (an answer, a shop command): longer ones are
    /// skipped, said on stderr, never held.
    static let longestInputLine = 4096
    /// Standard input's lines not taken yet.
    private var input = LineBuffer(maximum: Console.longestInputLine)

    /// Reads a line from stdin, through the one reader of descriptors (`InputDescriptor`: a
    /// non-blocking stdin is waited on, not taken as ended); nil at its end, or when it cannot
    /// be read.
    func readLine(prompt: String) -> String? {
        if isInteractive { OutputDescriptor.standardOutput.writeAll(Array(prompt.utf8)) }
        while true {
            switch input.next() {
            case .text(let line): return line.last == "\r" ? String(line.dropLast()) : line
            case .tooLong: error("that line is longer than \(Console.longestInputLine) bytes; it was skipped")
            case nil:
                if input.isFinished { return nil }
                // A read that fails ends the input, as its end does.
                input.append((try? InputDescriptor.standardInput.readPiece()) ?? nil)
            }
        }
    }

    func clearScreen() {
        if isInteractive && style.color { OutputDescriptor.standardOutput.writeAll(Array("\u{1B}[2J\u{1B}[H".utf8)) }
    }
}
