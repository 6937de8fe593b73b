import Composition
import Terminal

/// One command of `grock`: its words, its help, what it accepts, and what it does.
struct Command {
    /// The words that name it, lowercase: `["cart", "add"]`; empty for the home screen.
    let path: [String]
    /// The usage line up to its options: the program, the command's words and its arguments.
    let synopsis: String
    /// What it does, on one line; `grock help` shows it up to its first `;` or sentence end.
    let summary: String
    /// The rest of its help: paragraphs apart by blank lines, each written as one line and
    /// wrapped to the terminal when shown, and indented lines (a table, a command to copy)
    /// kept as they are.
    let details: String
    let examples: [String]
    /// The options it takes besides the global ones, as its usage line shows them.
    let optionUsage: [OptionUsage]
    /// Left out of `grock help`, the man page and completion: a command for scripts, not people.
    let hidden: Bool
    /// Where its storage work runs: in place for a command, which waits for it anyway; in the
    /// background for a server, which keeps reading requests while it works.
    let storageWork: Configuration.StorageWork
    /// How many changes it may commit: one for a command (a second is a bug, refused), any number
    /// for a session or a server, whose each change or request is its own.
    let changeLimit: Configuration.ChangeLimit
    let run: @MainActor (Invocation) async throws -> Void

    /// - Parameters:
    ///   - usage: the usage line without the options (`grock cart add CART ITEM...`): they are
    ///     added from `options`, their one declaration; how many arguments the command takes is
    ///     counted on it (`Syntax.arguments`).
    init(_ path: String, usage: String, summary: String, details: String = "", examples: [String] = [], options: [OptionUsage] = [],
         hidden: Bool = false, storageWork: Configuration.StorageWork = .inPlace,
         changeLimit: Configuration.ChangeLimit = .one, run: @escaping @MainActor (Invocation) async throws -> Void) {
        self.path = path.split(separator: " ").map(String.init)
        self.synopsis = usage
        self.summary = summary
        self.details = details
        self.examples = examples
        self.optionUsage = options
        self.hidden = hidden
        self.storageWork = storageWork
        self.changeLimit = changeLimit
        self.run = run
    }

    /// The usage line: `grock cart add CART ITEM... [--qty Q] [--unit UNIT] [--store STORE]`.
    var usage: String { optionUsage.isEmpty ? synopsis : synopsis + " " + OptionUsage.text(optionUsage) }

    /// The names of the options it takes besides the global ones, in the order of its usage line.
    var options: [String] { declaredOptions.map(\.name) }

    /// The options it takes besides the global ones, in the order of its usage line.
    var declaredOptions: [Syntax.Option] { optionUsage.flatMap(\.options) }

    var name: String { path.joined(separator: " ") }

    /// The text of `grock help COMMAND`, wrapped for a terminal `width` columns wide (examples
    /// and tables excepted: they are kept whole, to be copied).
    func help(width: Int = 80) -> String {
        // Two columns kept free on the right (78 of 80), as help has always been: prose that
        // reaches the terminal's last column reads as if it ran into the edge.
        let width = width - 2
        var lines = TextBlocks.paragraphs("Usage: \(usage)", width: width, hang: 9) + [""] + TextBlocks.paragraphs(summary, width: width)
        if !details.isEmpty { lines += [""] + TextBlocks.paragraphs(details, width: width) }
        if !examples.isEmpty { lines += ["", "Examples:"] + examples.map { "  " + $0 } }
        lines += [""] + TextBlocks.paragraphs("Global options: --data-dir DIR | --in-memory, --json, --no-color, --help", width: width)
        return lines.joined(separator: "\n")
    }
}
