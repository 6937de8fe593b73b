import Domain

/// What the words of a command stand for, read from its usage line: the completion scripts and
/// the man page are generated from it, so they cannot drift from `grock help`.
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

    /// One option: its name without dashes and, for one that takes a value, what the value is.
    struct Option: Equatable {
        let name: String
        let value: Value?
        let placeholder: String?
    }

    /// The positional arguments in order; the last one repeats when `repeatsLast`.
    var positionals: [Value] = []
    var repeatsLast = false
    var options: [Option] = []

    /// The options every command takes, with what they mean: `grock help`, the man page and
    /// the completion scripts list these.
    static let globalOptions: [(option: Option, meaning: String)] = [
        (Option(name: "data-dir", value: .directory, placeholder: "DIR"),
         "Use DIR as the data directory (else $GROCK_HOME, $XDG_DATA_HOME/grock, ~/.local/share/grock)."),
        (Option(name: "in-memory", value: nil, placeholder: nil), "Use a throwaway store in memory: nothing is read from or written to disk."),
        (Option(name: "json", value: nil, placeholder: nil), "Print one JSON document on stdout instead of text; errors are JSON on stderr."),
        (Option(name: "no-color", value: nil, placeholder: nil), "Plain ASCII without colour (also when stdout is not a terminal or NO_COLOR is set)."),
        (Option(name: "help", value: nil, placeholder: nil), "Show help for the command (also -h)."),
        (Option(name: "version", value: nil, placeholder: nil), "Print the version."),
    ]

    /// Reads `usage` (`grock cart add CART ITEM... [--qty Q] [--store STORE]`), whose first
    /// `skipping` words are the program and the command.
    init(usage: String, skipping: Int) {
        var tokens = usage.split(separator: " ").dropFirst(skipping).makeIterator()
        while let token = tokens.next() {
            let word = String(token.filter { !"[]()".contains($0) }.replacing("...", with: ""))
            if word == "|" || word.isEmpty { continue }
            if word.hasPrefix("--") {
                let name = String(word.dropFirst(2))
                guard Arguments.valued.contains(name), let next = tokens.next() else {
                    options.append(Option(name: name, value: nil, placeholder: nil))
                    continue
                }
                let placeholder = String(next.filter { !"[]()".contains($0) }.replacing("...", with: ""))
                options.append(Option(name: name, value: Value(placeholder: placeholder), placeholder: placeholder))
            } else {
                positionals.append(Value(placeholder: word))
                repeatsLast = token.contains("...")
            }
        }
    }
}

extension Command {
    /// What its words and options stand for, from its usage line.
    var syntax: Syntax { Syntax(usage: usage, skipping: 1 + path.count) }
}

extension Commands {
    /// The commands a person is shown: in help, the man page and completion.
    static var visible: [Command] { all.filter { !$0.hidden } }

    /// The first words of the commands, in the order help lists them, each with the second
    /// words it takes (none for a command of one word).
    static var nouns: [(noun: String, verbs: [String])] {
        var order: [String] = []
        var verbs: [String: [String]] = [:]
        for command in visible {
            guard let noun = command.path.first else { continue }
            if verbs[noun] == nil { order.append(noun) }
            verbs[noun, default: []] += command.path.dropFirst()
        }
        return order.compactMap { key in verbs[key].map { (key, $0) } }
    }
}
