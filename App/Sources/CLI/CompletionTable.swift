/// What every completion script knows, read once from the command table: the commands and their
/// second words, each command's options and the kinds of its arguments, and which options take
/// a value that can be completed. A shell's `CompletionDialect` only spells it.
///
/// Every word here is a plain lowercase word (`CompletionTests.theTableDescribesEveryOption`),
/// so single quotes quote it in every shell; only the summaries need each shell's own quoting.
struct CompletionTable {
    /// A word a script offers, with its summary up to the first sentence, for the shells that
    /// show one (zsh, fish).
    struct Entry {
        let word: String
        let brief: String
    }

    /// A first word and the second words it takes (none for a command of one word).
    struct Noun {
        let entry: Entry
        let verbs: [Entry]
    }

    /// One way an option's value is completed, and the `PATH --option` pairs completed so.
    struct ValueGroup {
        let code: String
        let pairs: [String]
    }

    /// A command's path (`cart add`) and its options, dashes included.
    struct Options {
        let path: String
        let options: [String]
    }

    /// A command's path and the kinds of its positional arguments as value codes (`code(_:)`).
    struct Positionals {
        let path: String
        let kinds: [String]
        let repeatsLast: Bool
    }

    let nouns: [Noun]
    let valueGroups: [ValueGroup]
    let options: [Options]
    let positionals: [Positionals]
    /// Every option that takes a value: the word after it is not a command's word.
    let valuedOptions: [String]
    /// The options every command takes, as one list of words.
    let globalOptions: String

    /// The table of the visible commands, without the home screen (no words to complete).
    init() {
        let commands = Commands.visible.filter { !$0.path.isEmpty }
        let summaries = Dictionary(commands.map { ($0.path, Self.brief($0.summary)) }, uniquingKeysWith: { first, _ in first })
        nouns = Commands.nouns.map { noun, verbs in
            let brief = verbs.isEmpty ? summaries[[noun]] ?? "" : verbs.joined(separator: ", ")
            return Noun(entry: Entry(word: noun, brief: brief), verbs: verbs.map { Entry(word: $0, brief: summaries[[noun, $0]] ?? "") })
        }
        options = commands.filter { !$0.syntax.options.isEmpty }.map { command in
            Options(path: command.name, options: command.syntax.options.map { "--" + $0.name })
        }
        positionals = commands.filter { !$0.syntax.positionals.isEmpty }.map { command in
            let syntax = command.syntax
            // A trailing `command` stands for two words (noun and verb).
            let kinds = syntax.positionals.map(Self.code) + (syntax.positionals.last == .command ? ["command"] : [])
            return Positionals(path: command.name, kinds: kinds, repeatsLast: syntax.repeatsLast)
        }
        var order: [String] = []
        var pairs: [String: [String]] = [:]
        for command in commands {
            for option in command.syntax.options {
                let value = Self.code(option.value)
                guard !value.isEmpty else { continue }
                if pairs[value] == nil { order.append(value) }
                pairs[value, default: []].append("\(command.name) --\(option.name)")
            }
        }
        valueGroups = order.map { ValueGroup(code: $0, pairs: pairs[$0] ?? []) }
        valuedOptions = Arguments.valued.sorted().map { "--" + $0 }
        globalOptions = Syntax.globalOptions.map { "--" + $0.option.name }.joined(separator: " ")
    }

    /// The first words, as a `words:` value code.
    var nounWords: String { "words:" + nouns.map(\.entry.word).joined(separator: " ") }

    /// A value as the scripts name it: `names:carts`, `words:json csv`, `file`, `directory`,
    /// `command`, or empty for free text.
    static func code(_ value: Syntax.Value?) -> String {
        switch value {
        case .names(let kind): "names:" + kind.rawValue
        case .words(let words): "words:" + words.joined(separator: " ")
        case .file: "file"
        case .directory: "directory"
        case .command: "command"
        case .text, nil: ""
        }
    }

    /// A command's summary up to its first sentence.
    static func brief(_ summary: String) -> String {
        String(summary.map { $0 == "\n" ? " " : $0 }.prefix { !";.:".contains($0) })
    }
}
