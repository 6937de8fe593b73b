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

    /// `--name VALUE` (`--name` for a flag): an option to give, its value shown as `shown`
    /// when given (`--date YYYY-MM-DD`), else as the name's placeholder.
    static func required(_ name: OptionName, _ shown: String? = nil) -> OptionUsage {
        .option(Syntax.Option(name: name.spelling, placeholder: name.placeholder.map { shown ?? $0 }))
    }

    /// `[--name VALUE]` (`[--name]` for a flag): an option that may be left out.
    static func optional(_ name: OptionName, _ shown: String? = nil) -> OptionUsage { .group([.required(name, shown)]) }

    /// `[A B ...]`: options given together, or none of them.
    static func optional(_ parts: OptionUsage...) -> OptionUsage { .group(parts) }

    /// `A | B`
    static func either(_ parts: OptionUsage...) -> OptionUsage { .alternatives(parts) }

    /// `[--name VALUE]...`
    static func repeated(_ name: OptionName) -> OptionUsage {
        .option(Syntax.Option(name: name.spelling, placeholder: name.placeholder, repeats: true))
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

extension OptionUsage {
    /// What is on a command line, for `check`: the options by name, and the positional
    /// arguments that stand in the declaration (`AMOUNT`) by their word.
    struct Given {
        let options: Set<String>
        let arguments: Set<String>
    }

    /// Refuses a command line that the declaration does not allow, so that no command checks
    /// its options by hand: a part outside brackets left out, a bracketed group given in part,
    /// two alternatives given together.
    /// - Throws: `UsageError`: "grock item price needs --store STORE and --price P", "--until goes
    ///   with --promo", "--unit and --pack cannot be used together".
    static func check(_ parts: [OptionUsage], given: Given, command: String) throws {
        try check(parts, given: given) { "grock \(command) needs \($0)" }
    }

    private static func check(_ parts: [OptionUsage], given: Given, missing: (String) -> String) throws {
        let absent = parts.filter { $0.isRequired && !$0.isGiven(given) }
        if !absent.isEmpty { throw UsageError(missing(listed(absent.map(\.named), or: false))) }
        for part in parts {
            switch part {
            case .group(let inner):
                guard let first = part.firstGiven(given) else { continue }
                try check(inner, given: given) { "\(first) goes with \($0)" }
            case .alternatives(let inner):
                let chosen = inner.compactMap { $0.firstGiven(given) }
                if chosen.count > 1 { throw UsageError("\(chosen[0]) and \(chosen[1]) cannot be used together") }
                try check(inner.filter { $0.isGiven(given) }, given: given, missing: missing)
            case .option, .argument: continue
            }
        }
    }

    /// A group is optional by its brackets, and so is an option that repeats (`[--item ITEM]...`).
    private var isRequired: Bool {
        switch self {
        case .option(let option): !option.repeats
        case .group: false
        case .alternatives, .argument: true
        }
    }

    private func isGiven(_ given: Given) -> Bool { firstGiven(given) != nil }

    /// The first option or argument of this part on the command line, as typed: `--until`, `AMOUNT`.
    private func firstGiven(_ given: Given) -> String? {
        switch self {
        case .option(let option): given.options.contains(option.name) ? "--" + option.name : nil
        case .argument(let word): given.arguments.contains(word) ? word : nil
        case .group(let parts), .alternatives(let parts): parts.lazy.compactMap { $0.firstGiven(given) }.first
        }
    }

    /// The part as a message asks for it: `--price P`, `AMOUNT or --none`.
    private var named: String {
        if case .alternatives(let parts) = self { return Self.listed(parts.map(\.named), or: true) }
        return text
    }

    /// `a`, `a and b`, `a, b and c` (`or` for alternatives).
    static func listed(_ items: [String], or: Bool) -> String {
        guard let last = items.last, items.count > 1 else { return items.joined() }
        return items.dropLast().joined(separator: ", ") + (or ? " or " : " and ") + last
    }
}
