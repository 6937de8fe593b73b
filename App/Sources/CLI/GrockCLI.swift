import Composition
import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The `grock` command line: parses, finds the command, builds the container, runs it, and
/// turns every failure into one line on stderr and a documented exit code.
public enum GrockCLI {
    public static let version = "grock \(GrockVersion.number)"

    /// Runs `grock` with `arguments` (without the program name).
    /// - Returns: the exit code.
    @MainActor
    public static func main(_ arguments: [String], environment: [String: String] = ProcessEnvironment.current) async -> Int32 {
        var noColor = arguments.contains("--no-color")
        var json = arguments.contains("--json")
        var container: AppContainer?
        do {
            let parsed = try Arguments(arguments)
            noColor = parsed.global.noColor
            json = parsed.global.json
            let console = Console(noColor: noColor, environment: environment)
            if parsed.global.version {
                console.out(version)
            } else if parsed.global.help {
                console.out(try help(for: parsed.words, width: console.width))
            } else {
                let (command, rest) = try find(parsed.words.map { $0 })
                try validate(parsed, for: command, arguments: rest)
                var configuration = try Configuration.read(dataDirectory: parsed.global.dataDirectory, inMemory: parsed.global.inMemory, environment: environment)
                // A command waits for its storage anyway; only the server keeps reading while it works.
                if command.path != ["rpc"] && command.path != ["serve"] { configuration.storageWork = .inPlace }
                let made = AppContainer(configuration)
                container = made
                try await command.run(Invocation(command: command, arguments: rest, parsed: parsed, container: made, console: console))
            }
            if let failure = console.outputFailure { throw CommandFailure(kind: .storage, description: "cannot write the output: \(failure)") }
            return ExitCode.success.rawValue
        } catch {
            let (line, code) = outcome(of: error, afterCommit: container?.hasCommitted ?? false)
            report(line, of: error, code: code, json: json, console: Console(noColor: noColor, environment: environment))
            return code.rawValue
        }
    }

    /// Prints the line for the error that ended a command on stderr: as it is, or in JSON an
    /// error document (a warning one when the change was saved).
    @MainActor
    private static func report(_ line: String, of error: any Error, code: ExitCode, json: Bool, console: Console) {
        if json && code != .success {
            console.errorDocument(kind: ErrorKind.of(error), message: line)
        } else if json {
            console.warningDocument(String(line.dropFirst("warning: ".count)))
        } else {
            console.error(line)
        }
    }

    /// The line to print and the exit code for the error that ended a command. Whatever can
    /// fail must fail before the commit; once a change is committed, a failure (of showing its
    /// result) cannot mean "nothing changed", and running the command again would repeat the
    /// change: it is a warning, and the command succeeds.
    static func outcome(of error: any Error, afterCommit: Bool) -> (line: String, code: ExitCode) {
        if afterCommit { return ("warning: the change was saved, but the command could not finish: \(error)", .success) }
        let code = ExitCode.of(error)
        return ("\(error)" + hint(for: error, code: code), code)
    }

    /// What the command line adds to a message of the layers below, which name no option of
    /// its own: how to do it here.
    static func hint(for error: any Error, code: ExitCode) -> String {
        switch error {
        case is UsageError where code == .usage: " (see grock help)"
        case DomainError.notEmpty: " (a new --data-dir, or after grock reset --yes)"
        case DomainError.tooManyStores: " (--max-stores N)"
        case ReceiptRefusal.noStore: " (--store STORE)"
        case ReceiptRefusal.doesNotAddUp, ReceiptRefusal.noTotal: " (--accept-difference)"
        default:
            switch Remedy(for: error) {
            case .runDoctor: " (see grock doctor)"
            case .reset: " (grock reset --yes erases it)"
            case .upgrade: "; upgrade grock"
            case .startOrJoinHousehold: " (grock sync init DIR, or grock sync join DIR)"
            case .leaveHousehold: " (grock sync leave)"
            case .exportThenReset: " (export what you want to keep, then grock reset --yes)"
            case .joinHousehold: " (grock sync join DIR)"
            case .startHousehold: " (grock sync init DIR starts one)"
            case .decimalComma: " (--decimal-comma)"
            case .decimalPoint: " (without --decimal-comma)"
            case .latin1: " (--encoding latin1)"
            case nil: ""
            }
        }
    }

    /// The command the words name (case-insensitively) and the words left as its arguments:
    /// no words name the home screen; otherwise the longest command of one or two words that
    /// matches their start.
    static func find(_ words: [String]) throws -> (command: Command, arguments: [String]) {
        let lowered = words.map { $0.lowercased() }
        guard let noun = lowered.first, let typed = words.first else { return (Commands.home, []) }
        for length in [2, 1] where length <= lowered.count {
            let path = Array(lowered.prefix(length))
            if let command = Commands.all.first(where: { $0.path == path }) {
                return (command, Array(words.dropFirst(length)))
            }
        }
        // In help's order, not a set's: the suggestion for a typo is the same on every run.
        let nouns = Commands.nouns.map(\.noun)
        guard nouns.contains(noun) else {
            let hint = Name.closest(to: noun, among: nouns).map { "; did you mean \($0)?" } ?? ""
            throw UsageError("unknown command \(Echo.quoted(typed))\(hint)")
        }
        let verbs = Commands.visible.filter { $0.path.first == noun }.compactMap { $0.path.dropFirst().first }
        guard let verb = lowered.dropFirst().first, let typedVerb = words.dropFirst().first else {
            throw UsageError("\(noun) needs a command; use one of: \(verbs.joined(separator: ", "))")
        }
        let hint = Name.closest(to: verb, among: verbs).map { "; did you mean \(noun) \($0)?" } ?? "; use one of: \(verbs.joined(separator: ", "))"
        throw UsageError("\(Echo.quoted(typedVerb)) is not \(Wording.withArticle(noun)) command" + hint)
    }

    private static func validate(_ parsed: Arguments, for command: Command, arguments: [String]) throws {
        for option in parsed.options.keys.sorted() where !command.options.contains(option) {
            throw UsageError("grock \(command.name) does not take --\(option)")
        }
        let taken = command.arguments
        guard taken.contains(arguments.count) else {
            if arguments.count < taken.lowerBound {
                throw UsageError("missing arguments; usage: \(command.usage)")
            }
            throw UsageError("too many arguments (\(Echo.quoted(arguments[taken.upperBound]))); usage: \(command.usage)")
        }
        for argument in arguments where argument.allSatisfy(\.isWhitespace) {
            throw UsageError("an argument is empty; usage: \(command.usage)")
        }
        // The arguments the options' declaration names (`cart budget CART AMOUNT | --none`)
        // are the last the command takes: given when the line reaches them.
        let declared = command.optionUsage.flatMap(\.arguments)
        let reached = declared.prefix(max(0, arguments.count - (taken.upperBound - declared.count)))
        try OptionUsage.check(command.optionUsage, given: OptionUsage.Given(options: Set(parsed.options.keys), arguments: Set(reached)),
                              command: command.name)
    }
}
