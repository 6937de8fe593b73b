/// A command's options, declared once as its usage line shows them: `[--qty Q]`, `--price P`,
/// `[--item ITEM]...`, `[--unit UNIT | --pack SIZE]`. The usage line, the options the parser
/// accepts (the command's, and which take a value) and what the completion scripts complete
/// are all read from this declaration, so they cannot drift apart.
indirect enum OptionUsage: Sendable {
    /// `--name VALUE`, or `--name` for a flag: given as shown; one that repeats is shown
    /// `[--name VALUE]...`, given any number of times, each adding a value.
    case option(Syntax.Option)
    /// `[PARTS]`: the parts together, or none of them.
    case group([OptionUsage])
    /// `A | B`: one of the parts.
    case alternatives([OptionUsage])
    /// A positional argument an option is the alternative to (`cart budget CART AMOUNT | --none`).
    case argument(String)

    /// `--name VALUE` (`--name` without a placeholder): an option to give.
    static func required(_ name: String, _ placeholder: String? = nil) -> OptionUsage {
        .option(Syntax.Option(name: name, placeholder: placeholder))
    }

    /// `[--name VALUE]` (`[--name]` without a placeholder): an option that may be left out.
    static func optional(_ name: String, _ placeholder: String? = nil) -> OptionUsage { .group([.required(name, placeholder)]) }

    /// `[A B ...]`: options given together, or none of them.
    static func optional(_ parts: OptionUsage...) -> OptionUsage { .group(parts) }

    /// `A | B`
    static func either(_ parts: OptionUsage...) -> OptionUsage { .alternatives(parts) }

    /// `[--name VALUE]...`
    static func repeated(_ name: String, _ placeholder: String) -> OptionUsage {
        .option(Syntax.Option(name: name, placeholder: placeholder, repeats: true))
    }

    /// The parts as a usage line shows them, one after the other.
    static func text(_ parts: [OptionUsage]) -> String { parts.map(\.text).joined(separator: " ") }

    var text: String {
        switch self {
        case .option(let option) where option.repeats: "[" + Self.spelled(option) + "]..."
        case .option(let option): Self.spelled(option)
        case .group(let parts): "[" + Self.text(parts) + "]"
        case .alternatives(let parts): parts.map(\.text).joined(separator: " | ")
        case .argument(let word): word
        }
    }

    /// The options, in the order the usage line shows them.
    var options: [Syntax.Option] {
        switch self {
        case .option(let option): [option]
        case .group(let parts), .alternatives(let parts): parts.flatMap(\.options)
        case .argument: []
        }
    }

    /// The positional arguments among the options (`AMOUNT`), in order.
    var arguments: [String] {
        switch self {
        case .option: []
        case .group(let parts), .alternatives(let parts): parts.flatMap(\.arguments)
        case .argument(let word): [word]
        }
    }

    private static func spelled(_ option: Syntax.Option) -> String { "--" + option.name + (option.placeholder.map { " " + $0 } ?? "") }
}
