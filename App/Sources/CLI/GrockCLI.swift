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
        // Read to its end even when wrong: an error in it is printed as its --json and
        // --no-color ask, like any other.
        let parsed = Arguments(arguments)
        let console = Console(noColor: parsed.global.noColor, environment: environment)
        var container: AppContainer?
        do {
            if let error = parsed.error { throw error }
            if parsed.global.version {
                console.out(version)
            } else if parsed.global.help {
                console.out(try help(for: parsed.words, width: console.width))
            } else {
                let (command, rest) = try find(parsed.words)
                try validate(parsed, for: command, arguments: rest)
                var configuration = try Configuration.read(dataDirectory: parsed.global.dataDirectory, inMemory: parsed.global.inMemory,
                                                           environment: environment)
                configuration.storageWork = command.storageWork
                configuration.changeLimit = command.changeLimit
                let made = AppContainer(configuration)
                container = made
                try await command.run(Invocation(command: command, arguments: rest, parsed: parsed, container: made, console: console))
            }
            if let failure = console.outputFailure {
                throw CommandFailure(kind: .storage, description: "cannot write the output: \(failure)")
            }
            return ExitCode.success.rawValue
        } catch {
            let (line, code) = outcome(of: error, afterCommitting: container?.committedChanges ?? 0)
            report(line, of: error, code: code, json: parsed.global.json, console: console)
            return code.rawValue
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
        let hint = Name.closest(to: verb, among: verbs).map { "; did you mean \(noun) \($0)?" }
            ?? "; use one of: \(verbs.joined(separator: ", "))"
        throw UsageError("\(Echo.quoted(typedVerb)) is not \(Wording.withArticle(noun)) command" + hint)
    }

    /// Refuses, before any file is opened, a line the command cannot take: an option it does
    /// not declare, too few or too many arguments, an empty one, or options its declaration
    /// does not allow together (`OptionUsage.check`).
    /// - Throws: `UsageError` (exit 2).
    private static func validate(_ parsed: Arguments, for command: Command, arguments: [String]) throws {
        for option in parsed.options.keys.sorted() where !command.options.contains(option) {
            throw UsageError("grock \(command.name) does not take --\(option)")
        }
        let accepted = command.arguments
        guard accepted.contains(arguments.count) else {
            if arguments.count < accepted.lowerBound {
                throw UsageError("missing arguments; usage: \(command.usage)")
            }
            // More than `upperBound` (a closed range's last count): the first one too many is there.
            throw UsageError("too many arguments (\(Echo.quoted(arguments[accepted.upperBound]))); usage: \(command.usage)")
        }
        for argument in arguments where argument.allSatisfy(\.isWhitespace) {
            throw UsageError("an argument is empty; usage: \(command.usage)")
        }
        // The arguments the options' declaration names (`cart budget CART AMOUNT | --none`)
        // are the last the command takes: given when the line reaches them.
        // `cart budget` takes 1...2 arguments, AMOUNT being the option's: `cart budget Weekly 30`
        // (2 given) reaches it, `cart budget Weekly --none` (1) does not. So of the option's
        // arguments, those given are as many as the line has past the ones before them.
        let optionArguments = command.optionUsage.flatMap(\.arguments)
        let before = accepted.upperBound - optionArguments.count
        let given = optionArguments.prefix(max(0, arguments.count - before))
        try OptionUsage.check(command.optionUsage, given: OptionUsage.Given(options: Set(parsed.options.keys), arguments: Set(given)),
                              command: command.name)
    }
}
