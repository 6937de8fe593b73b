/// The parts bash and zsh, both of sh's syntax, share: their `case` arms, how they read the
/// words typed so far and how they complete an option's value; they differ in how they hold
/// lists and offer candidates.
extension CompletionDialect {
    /// A dialect of sh's syntax with the lists and the script of one shell.
    static func sh(described: String, briefEscapes: [(character: String, escaped: String)] = [],
                   subcommands: String, options: String, template: String) -> CompletionDialect {
        CompletionDialect(arm: "        {{patterns}}) {{body}} ;;", patternSeparator: " | ", described: described,
                          briefEscapes: briefEscapes, subcommands: subcommands, value: "_grock_value '{{code}}'; return", options: options,
                          kinds: "kinds=({{kinds}})", repeats: "; repeat=1", template: template)
    }

    /// The `case` that sorts a word typed before the cursor: the data directory or the
    /// in-memory store to ask for names, an option whose value comes next (`skip`), another
    /// option, or a command's word, kept in the array `list`.
    static func shWordCases(keeping list: String) -> String {
        #"""
                case $word in
                    --data-dir) skip=data ;;
                    --in-memory) data=(--in-memory) ;;
                    {{valuedOptions}}) skip=value ;;
                    -*) ;;
                    *) \#(list)+=("$word") ;;
                esac
        """#
    }

    /// Completes the value of the option before the cursor, if it is one: a directory, what
    /// the table says the command's option takes, or nothing for free text.
    static let shOptionValue = #"""
            if [[ $prev == --data-dir ]]; then _grock_value directory; return; fi
            case "$cmdpath $prev" in
        {{valueArms}}
            esac
            case $prev in
                {{valuedOptions}}) return ;;
            esac
        """#
}
