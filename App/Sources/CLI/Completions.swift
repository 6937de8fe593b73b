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
/// own syntax, a `CompletionDialect`: `.bash`, `.zsh` and `.fish`.
enum Completions {
    enum Shell: String, CaseIterable {
        case bash, zsh, fish
    }

    static func script(for shell: Shell) -> String {
        let dialect: CompletionDialect = switch shell {
        case .bash: .bash
        case .zsh: .zsh
        case .fish: .fish
        }
        return dialect.script(CompletionTable())
    }
}
