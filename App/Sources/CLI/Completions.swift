/// The completion scripts of `grock completions bash|zsh|fish`, generated from the command table.
///
/// Like swift-argument-parser's, each script knows the commands, their options and the fixed
/// values of options, and asks the program itself for what only the data knows: it runs the
/// hidden `grock complete carts|items|stores|categories [PREFIX]`, which prints matching names one
/// a line. Unlike them, the shell quotes every name it inserts (`printf %q` in bash, `compadd`
/// in zsh and fish do it themselves), so a cart named `Big shop` or `$(rm -rf ~)` completes as
/// one word and is never run; and the call waits at most 300 ms for a busy data directory and
/// says nothing on failure, so a Tab never hangs or prints into the prompt.
///
/// What the scripts know is `CompletionTable`, read once; each shell's script is the same
/// program (read the words typed so far, find the command, complete what comes next) in its
/// own syntax, `BashCompletion`, `ZshCompletion` and `FishCompletion`.
enum Completions {
    enum Shell: String, CaseIterable {
        case bash, zsh, fish
    }

    static func script(for shell: Shell) -> String {
        let renderer: any CompletionShell.Type = switch shell {
        case .bash: BashCompletion.self
        case .zsh: ZshCompletion.self
        case .fish: FishCompletion.self
        }
        return renderer.script(CompletionTable())
    }
}

/// How one shell spells the parts of `CompletionTable` in its script: the arms of its `case`
/// statements and what each arm sets. The arms are made from the table here, once, for every
/// shell.
protocol CompletionShell {
    /// The whole script: the shell's own program around the arms made from `table`.
    static func script(_ table: CompletionTable) -> String
    /// One arm of a `case` (bash, zsh) or `switch` (fish) on words already quoted.
    static func arm(_ patterns: [String], _ body: String) -> String
    /// Patterns that match any of `words`, as one arm takes them.
    static func anyOf(_ words: [String]) -> String
    /// What `_grock_subcommands` answers for a first word: its second words.
    static func subcommands(_ verbs: [CompletionTable.Entry]) -> String
    /// Completes a value of `code` (`CompletionTable.code`) and returns.
    static func value(_ code: String) -> String
    /// Sets `opts` to a command's options.
    static func options(_ options: [String]) -> String
    /// Sets `kinds` to the kinds of a command's arguments, and `repeat` when the last repeats.
    static func kinds(_ kinds: [String], repeats: Bool) -> String
    /// A word with its summary, for the shells that show one.
    static func described(_ entry: CompletionTable.Entry) -> String
}

extension CompletionShell {
    /// The first words, described.
    static func describedNouns(_ table: CompletionTable) -> String {
        table.nouns.map { described($0.entry) }.joined(separator: " ")
    }

    /// The second words of each first word that takes them.
    static func subcommandArms(_ table: CompletionTable) -> String {
        table.nouns.filter { !$0.verbs.isEmpty }.map { arm([$0.entry.word], subcommands($0.verbs)) }.joined(separator: "\n")
    }

    /// For each `PATH --option` whose value can be completed, how.
    static func valueArms(_ table: CompletionTable) -> String {
        table.valueGroups.map { arm($0.pairs.map(quoted), value($0.code)) }.joined(separator: "\n")
    }

    /// Each command's options.
    static func optionArms(_ table: CompletionTable) -> String {
        table.options.map { arm([quoted($0.path)], options($0.options)) }.joined(separator: "\n")
    }

    /// The kinds of each command's arguments.
    static func positionalArms(_ table: CompletionTable) -> String {
        table.positionals.map { arm([quoted($0.path)], kinds($0.kinds.map(quoted), repeats: $0.repeatsLast)) }.joined(separator: "\n")
    }

    /// A table word in single quotes, which need no escaping (its words are plain: see
    /// `CompletionTable`).
    static func quoted(_ word: String) -> String { "'\(word)'" }
}
