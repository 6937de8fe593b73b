import Composition
import Domain
import Presentation
import Terminal

/// One command of `grock`: its words, its help, what it accepts, and what it does.
struct Command {
    /// The words that name it, lowercase: `["cart", "add"]`; empty for the home screen.
    let path: [String]
    /// The usage line up to its options: the program, the command's words and its arguments.
    let synopsis: String
    let summary: String
    let details: String
    let examples: [String]
    /// The options it takes besides the global ones, as its usage line shows them.
    let optionUsage: [OptionUsage]
    /// How many positional arguments it takes.
    let arguments: ClosedRange<Int>
    /// Left out of `grock help`, the man page and completion: a command for scripts, not people.
    let hidden: Bool
    let run: @MainActor (Invocation) async throws -> Void

    /// - Parameters:
    ///   - usage: the usage line without the options (`grock cart add CART ITEM...`): they are
    ///     added from `options`, their one declaration.
    init(_ path: String, usage: String, summary: String, details: String = "", examples: [String] = [], options: [OptionUsage] = [],
         arguments: ClosedRange<Int> = 0...0, hidden: Bool = false, run: @escaping @MainActor (Invocation) async throws -> Void) {
        self.path = path.split(separator: " ").map(String.init)
        self.synopsis = usage
        self.summary = summary
        self.details = details
        self.examples = examples
        self.optionUsage = options
        self.arguments = arguments
        self.hidden = hidden
        self.run = run
    }

    /// The usage line: `grock cart add CART ITEM... [--qty Q] [--unit UNIT] [--store STORE]`.
    var usage: String { optionUsage.isEmpty ? synopsis : synopsis + " " + OptionUsage.text(optionUsage) }

    /// The names of the options it takes besides the global ones, in the order of its usage line.
    var options: [String] { declaredOptions.map(\.name) }

    /// The options it takes besides the global ones, in the order of its usage line.
    var declaredOptions: [Syntax.Option] { optionUsage.flatMap(\.options) }

    var name: String { path.joined(separator: " ") }

    /// The text of `grock help COMMAND`, wrapped for a terminal `width` columns wide (examples
    /// and tables excepted: they are kept whole, to be copied).
    func help(width: Int = 80) -> String {
        let width = width - 2
        var lines = TextBlocks.paragraphs("Usage: \(usage)", width: width, hang: 9) + [""] + TextBlocks.paragraphs(summary, width: width)
        if !details.isEmpty { lines += [""] + TextBlocks.paragraphs(details, width: width) }
        if !examples.isEmpty { lines += ["", "Examples:"] + examples.map { "  " + $0 } }
        lines += [""] + TextBlocks.paragraphs("Global options: --data-dir DIR | --in-memory, --json, --no-color, --help", width: width)
        return lines.joined(separator: "\n")
    }
}

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
    func required(_ option: OptionName) throws -> String {
        guard let value = try value(option) else { throw UsageError("grock \(command.name) needs --\(option.spelling); usage: \(command.usage)") }
        return value
    }

    /// The option's value, its last if it repeats; nil when it is not given.
    func value(_ option: OptionName) throws -> String? { try given(option)?.last }

    /// Every value of an option that repeats (`--item A --item B`), in order.
    func values(_ option: OptionName) throws -> [String] { try given(option) ?? [] }

    /// Whether the option (a flag, or one with a value) is on the line.
    func has(_ option: OptionName) throws -> Bool { try given(option) != nil }

    /// The option's value parsed as a quantity.
    func quantity(_ option: OptionName) throws -> Quantity? {
        try value(option).map { try Quantity(parsing: $0) }
    }

    func unit() throws -> MeasureUnit? { try value(.unit).map { try MeasureUnit(parsing: $0) } }

    func pack() throws -> PackSize? { try value(.pack).map { try PackSize(parsing: $0) } }

    func day(_ option: OptionName) throws -> Day? {
        try value(option).map { text in
            guard let day = Day(iso: text) else { throw DomainError.invalidDate(text) }
            return day
        }
    }

    /// What the line gives for `option`: nil when it is not there, no values for a flag.
    /// - Throws: `CommandFailure` when the command reads an option it does not declare: the
    ///   parser refuses such an option on the line, so the read would be nil for ever, a silent
    ///   mistake of Grock's. It is thrown, not trapped, and `CommandFuzzTests` runs every
    ///   command with its options to find it.
    private func given(_ option: OptionName) throws -> [String]? {
        guard command.options.contains(option.spelling) else {
            throw CommandFailure(kind: .refused, description: "grock \(command.name) reads --\(option.spelling), which it does not declare (a mistake of Grock's)")
        }
        return parsed.options[option.spelling]
    }

    /// Throws the view model's error when its intent failed; when it saved its change but
    /// cannot show it, prints the warning (the command still succeeds: see `GrockCLI.main`).
    func check(_ succeeded: Bool, _ model: some IntentOutcome) throws {
        guard !succeeded else {
            for warning in model.warnings {
                if json { console.warningDocument(warning) } else { console.error("warning: " + warning) }
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
