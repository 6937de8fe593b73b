import Domain

/// What the words of a command stand for, read from its usage line and its options'
/// declaration: the completion scripts and the man page are generated from it, so they cannot
/// drift from `grock help`.
struct Syntax: Equatable {
    /// What one word on the command line may be.
    enum Value: Equatable {
        /// Anything typed: a new name, an amount, a date.
        case text
        /// The name of something in the store, listed at completion time by `grock complete`.
        case names(ListNames.Kind)
        /// One of a fixed list (`--format json|csv|ledger`, a unit).
        case words([String])
        case file
        case directory
        /// A command's words (`grock help cart add`).
        case command

        /// The value a usage line's placeholder stands for: `CART`, `FILE`, `json|csv`.
        init(placeholder: String) {
            switch placeholder {
            case "CART": self = .names(.carts)
            case "ITEM": self = .names(.items)
            case "STORE": self = .names(.stores)
            case "CATEGORY": self = .names(.categories)
            case "FILE", "FILE.html": self = .file
            case "DIR": self = .directory
            case "UNIT": self = .words(MeasureUnit.allCases.map(\.rawValue))
            case "COMMAND": self = .command
            default:
                self = placeholder.contains("|") && placeholder == placeholder.lowercased()
                    ? .words(placeholder.split(separator: "|").map(String.init)) : .text
            }
        }
    }

    /// One option: its name without dashes and, for one that takes a value, what the value is
    /// and its placeholder in the usage line; whether it may be given more than once, each time
    /// adding a value (`cart new --item A --item B`).
    struct Option: Equatable {
        let name: String
        let placeholder: String?
        let repeats: Bool

        /// A flag without `placeholder`, else an option taking the value it stands for.
        init(name: String, placeholder: String?, repeats: Bool = false) {
            self.name = name
            self.placeholder = placeholder
            self.repeats = repeats
        }

        /// The option `name` names, with its own placeholder.
        init(_ name: OptionName) { self.init(name: name.spelling, placeholder: name.placeholder) }

        /// What its value is, for the completion scripts and the man page: worked out when
        /// they ask, not while every command parses its options.
        var value: Value? { placeholder.map(Value.init(placeholder:)) }
    }

    /// The positional arguments in order; the last one repeats when `repeatsLast`.
    var positionals: [Value] = []
    var repeatsLast = false
    var options: [Option] = []
    /// How many positional arguments the command takes, counted on its usage line: a word is
    /// one (`CART`), `[WORD]` one or none, `WORD...` as many as `mostArguments` allows, COMMAND
    /// one or two (`cart add`); an argument among the options (`AMOUNT | --none`) one or none,
    /// `OptionUsage.check` saying when it must be there.
    var arguments: ClosedRange<Int> = 0...0

    /// The most positional arguments a command takes, however many its usage line repeats.
    static let mostArguments = 200

    /// The options every command takes, with what they mean: `grock help`, the man page and
    /// the completion scripts list these.
    static let globalOptions: [(option: Option, meaning: String)] = [
        (Option(.dataDir),
         "Use DIR as the data directory (else $GROCK_HOME, $XDG_DATA_HOME/grock, ~/.local/share/grock)."),
        (Option(.inMemory), "Use a throwaway store in memory: nothing is read from or written to disk."),
        (Option(.json), "Print one JSON document on stdout instead of text; errors are JSON on stderr."),
        (Option(.noColor), "Plain ASCII without colour (also when stdout is not a terminal or NO_COLOR is set)."),
        (Option(.help), "Show help for the command (also -h)."),
        (Option(.version), "Print the version."),
    ]

    /// Reads the positional arguments from `usage`, the usage line without its options
    /// (`grock cart add CART ITEM...`), whose first `skipping` words are the program and the
    /// command, then from `options`, which also hold the options.
    init(usage: String, skipping: Int, options: [OptionUsage]) {
        var least = 0, most = 0
        for token in usage.split(separator: " ").dropFirst(skipping) {
            let word = String(token.filter { !"[]()".contains($0) }.replacing("...", with: ""))
            if word == "|" || word.isEmpty { continue }
            let value = Value(placeholder: word)
            positionals.append(value)
            repeatsLast = token.contains("...")
            // An option the usage line shows (`sync leave [--discard]`) is no argument.
            if word.hasPrefix("--") { continue }
            if !token.hasPrefix("[") { least += 1 }
            most = repeatsLast ? Self.mostArguments : most + (value == .command ? 2 : 1)
        }
        for word in options.flatMap(\.arguments) {
            positionals.append(Value(placeholder: word))
            repeatsLast = false
            most += 1
        }
        arguments = least...most
        self.options = options.flatMap(\.options)
    }
}

extension Command {
    /// What its words and options stand for.
    var syntax: Syntax { Syntax(usage: synopsis, skipping: 1 + path.count, options: optionUsage) }

    /// How many positional arguments it takes, counted on its usage line, the one place it names them.
    var arguments: ClosedRange<Int> { syntax.arguments }
}
