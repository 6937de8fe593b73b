import Composition
import Domain
import Presentation
import Terminal

/// What a running command gets: its arguments, the container and the console.
@MainActor
struct Invocation {
    /// The command that runs, for its usage line.
    let command: Command
    let arguments: [String]
    /// Read through `value(_:)` and `has(_:)` alone, which take an option by its `OptionName`
    /// and only one the command declares.
    private let parsed: Arguments
    let container: AppContainer
    let console: Console

    init(command: Command, arguments: [String], parsed: Arguments, container: AppContainer, console: Console) {
        self.command = command
        self.arguments = arguments
        self.parsed = parsed
        self.container = container
        self.console = console
    }

    var json: Bool { parsed.global.json }
    var style: RenderStyle { console.style }

    /// Argument `index`.
    /// - Throws: `UsageError` (exit 2) with the command's usage when the line has no argument
    ///   `index`: past the count `GrockCLI.validate` makes sure of, a command asks only for an
    ///   argument its line may leave out.
    func argument(_ index: Int) throws -> String {
        guard arguments.indices.contains(index) else { throw UsageError("missing arguments; usage: \(command.usage)") }
        return arguments[index]
    }

    /// The value of an option its declaration requires.
    /// - Throws: `UsageError` (exit 2) when it is missing (`OptionUsage.check` has refused such
    ///   a line already, unless the declaration and the command disagree).
    func required(_ option: OptionName) throws -> String { try required(option) { try value($0) } }

    /// The value of an option its declaration requires, read by `read` (one of the typed reads:
    /// `run.required(.to) { try run.integer($0) }`).
    /// - Throws: what `read` throws; `UsageError` (exit 2) when the option is missing, as `required(_:)`.
    func required<T>(_ option: OptionName, _ read: (OptionName) throws -> T?) throws -> T {
        guard let value = try read(option) else {
            throw UsageError("grock \(command.name) needs --\(option.spelling); usage: \(command.usage)")
        }
        return value
    }

    /// The option's value, its last if it repeats; nil when it is not given.
    func value(_ option: OptionName) throws -> String? { try given(option)?.last }

    /// Every value of an option that repeats (`--item A --item B`), in order.
    func values(_ option: OptionName) throws -> [String] { try given(option) ?? [] }

    /// Whether the option (a flag, or one with a value) is on the line.
    func has(_ option: OptionName) throws -> Bool { try given(option) != nil }

    /// What the line gives for `option`: nil when it is not there, no values for a flag.
    /// - Throws: `CommandFailure` when the command reads an option it does not declare: the
    ///   parser refuses such an option on the line, so the read would be nil for ever, a silent
    ///   mistake of Grock's. It is thrown, not trapped, and `CommandFuzzTests` runs every
    ///   command with its options to find it.
    private func given(_ option: OptionName) throws -> [String]? {
        guard command.options.contains(option.spelling) else {
            throw CommandFailure(kind: .refused,
                                 description: "grock \(command.name) reads --\(option.spelling), "
                                                  + "which it does not declare (a mistake of Grock's)")
        }
        return parsed.options[option.spelling]
    }

    /// Throws the view model's error when its intent failed; when it saved its change but
    /// cannot show it, prints the warning (the command still succeeds: see `GrockCLI.main`).
    func check(_ succeeded: Bool, _ model: some IntentOutcome) throws {
        guard !succeeded else {
            for warning in model.warnings {
                if json { console.warningDocument(warning.text) } else { console.error("warning: " + warning.text) }
            }
            return
        }
        throw model.lastError ?? CommandFailure(kind: .refused, description: "the command failed")
    }

    /// Prints a view model after its intent: its JSON document, else its notice and `screen`.
    /// After a warning there is nothing to show but what was done: the notice, and in JSON
    /// nothing at all (stdout stays a document or empty).
    func show(_ model: some IntentOutcome, notice: String?, document: (any Encodable)?, screen: () -> String) throws {
        guard model.warning == nil else {
            if !json { console.notice(notice) }
            return
        }
        if json, let document { return try console.json(document) }
        console.notice(notice)
        console.out(screen())
    }
}
