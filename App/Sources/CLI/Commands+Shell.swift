import Domain

extension Commands {
    /// Shell completion: the scripts, and the names they complete (`grock complete`, hidden).
    static let shell: [Command] = [
        Command("completions", usage: "grock completions bash|zsh|fish",
                summary: "Print a shell completion script: commands, options, their values, and the names in your store.",
                details: """
                Names of carts, items, stores and categories are completed from the data directory (the one --data-dir names, \
                when it is on the line) as you type. Install for bash 4+:
                  grock completions bash > ~/.local/share/bash-completion/completions/grock
                for zsh, in a directory of $fpath (fpath=(~/.zfunc $fpath) before compinit):
                  grock completions zsh > ~/.zfunc/_grock
                for fish:
                  grock completions fish > ~/.config/fish/completions/grock.fish
                """,
                examples: ["grock completions bash > ~/.local/share/bash-completion/completions/grock",
                           "source <(grock completions zsh)"]) { run in
            guard let shell = Completions.Shell(rawValue: try run.argument(0).lowercased()) else {
                throw UsageError("completions takes bash, zsh or fish, not \(Echo.quoted(try run.argument(0)))")
            }
            run.console.out(Completions.script(for: shell))
        },
        Command("complete", usage: "grock complete carts|items|stores|categories [PREFIX]",
                summary: "Print the names of one kind that start with PREFIX, one a line, for the completion scripts.",
                details: "Reads only: active carts, vault items, stores and categories; any case and accents.",
                examples: ["grock complete carts We"], hidden: true) { run in
            guard let kind = ListNames.Kind(rawValue: try run.argument(0).lowercased()) else {
                throw UsageError("complete takes carts, items, stores or categories, not \(Echo.quoted(try run.argument(0)))")
            }
            let names = try await run.container.useCases.listNames(kind, prefix: run.arguments.count > 1 ? run.argument(1) : "")
            run.console.out(names.joined(separator: "\n"))
        },
    ]
}
