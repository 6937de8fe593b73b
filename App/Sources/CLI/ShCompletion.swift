/// A shell of sh's syntax (bash, zsh): the two scripts share their `case` arms, how they read
/// the words typed so far and how they complete an option's value; they differ in how they
/// hold lists and offer candidates.
protocol ShCompletion: CompletionShell {}

extension ShCompletion {
    /// `'a' | 'b') body ;;`
    static func arm(_ patterns: [String], _ body: String) -> String {
        "        \(anyOf(patterns))) \(body) ;;"
    }

    static func anyOf(_ words: [String]) -> String { words.joined(separator: " | ") }

    static func value(_ code: String) -> String { "_grock_value '\(code)'; return" }

    static func kinds(_ kinds: [String], repeats: Bool) -> String {
        "kinds=(\(kinds.joined(separator: " ")))" + (repeats ? "; repeat=1" : "")
    }

    /// The `case` that sorts a word typed before the cursor: the data directory or the
    /// in-memory store to ask for names, an option whose value comes next (`skip`), another
    /// option, or a command's word, kept in the array `list`.
    static func wordCases(_ table: CompletionTable, keeping list: String) -> String {
        #"""
                case $word in
                    --data-dir) skip=data ;;
                    --in-memory) data=(--in-memory) ;;
                    \#(anyOf(table.valuedOptions))) skip=value ;;
                    -*) ;;
                    *) \#(list)+=("$word") ;;
                esac
        """#
    }

    /// Completes the value of the option before the cursor, if it is one: a directory, what
    /// the table says the command's option takes, or nothing for free text.
    static func optionValue(_ table: CompletionTable) -> String {
        #"""
            if [[ $prev == --data-dir ]]; then _grock_value directory; return; fi
            case "$cmdpath $prev" in
        \#(valueArms(table))
            esac
            case $prev in
                \#(anyOf(table.valuedOptions))) return ;;
            esac
        """#
    }
}
