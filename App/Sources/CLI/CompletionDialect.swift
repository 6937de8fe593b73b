/// How one shell spells a completion script: its templates, which `script(_:)` fills from
/// `CompletionTable`. The shells' scripts are the same program (read the words typed so far,
/// find the command, complete what comes next); a dialect only says how its shell writes it.
///
/// A template names what it takes in double braces (`{{body}}`); what is filled in is never
/// read again, so a summary holding braces stays as written.
struct CompletionDialect {
    /// One arm of a `case` (sh) or `switch` (fish): `{{patterns}}` and `{{body}}`.
    let arm: String
    /// Between the patterns of one arm.
    let patternSeparator: String
    /// A word with its summary, `{{word}}` and `{{brief}}`, for the shells that show one.
    let described: String
    /// What a summary's characters become inside `described`'s quotes, in order.
    let briefEscapes: [(character: String, escaped: String)]
    /// What `_grock_subcommands` answers for a first word: `{{words}}`, its second words described.
    let subcommands: String
    /// Completes a value of `{{code}}` (`CompletionTable.code`) and returns.
    let value: String
    /// Sets `opts` to a command's `{{options}}`.
    let options: String
    /// Sets `kinds` to the `{{kinds}}` of a command's arguments.
    let kinds: String
    /// Follows `kinds` when the last argument repeats.
    let repeats: String
    /// The whole script, around the parts `script(_:)` names.
    let template: String

    /// The script for `table`.
    func script(_ table: CompletionTable) -> String {
        Self.fill(template, [
            "describedNouns": table.nouns.map { described($0.entry) }.joined(separator: " "),
            "subcommandArms": table.nouns.filter { !$0.verbs.isEmpty }
                .map { arm([$0.entry.word], Self.fill(subcommands, ["words": $0.verbs.map(described).joined(separator: " ")])) }
                .joined(separator: "\n"),
            "valueArms": table.valueGroups.map { arm($0.pairs.map(Self.quoted), Self.fill(value, ["code": $0.code])) }
                .joined(separator: "\n"),
            "optionArms": table.options
                .map { arm([Self.quoted($0.path)], Self.fill(options, ["options": $0.options.joined(separator: " ")])) }
                .joined(separator: "\n"),
            "positionalArms": table.positionals.map(positionalArm).joined(separator: "\n"),
            "valuedOptions": table.valuedOptions.joined(separator: patternSeparator),
            "globalOptions": table.globalOptions,
            "nounWords": table.nounWords,
        ])
    }

    private func arm(_ patterns: [String], _ body: String) -> String {
        Self.fill(arm, ["patterns": patterns.joined(separator: patternSeparator), "body": body])
    }

    private func described(_ entry: CompletionTable.Entry) -> String {
        let brief = briefEscapes.reduce(entry.brief) { $0.replacing($1.character, with: $1.escaped) }
        return Self.fill(described, ["word": entry.word, "brief": brief])
    }

    private func positionalArm(_ positionals: CompletionTable.Positionals) -> String {
        let body = Self.fill(kinds, ["kinds": positionals.kinds.map(Self.quoted).joined(separator: " ")])
        return arm([Self.quoted(positionals.path)], body + (positionals.repeatsLast ? repeats : ""))
    }

    /// A table word in single quotes, which need no escaping (its words are plain: see
    /// `CompletionTable`).
    private static func quoted(_ word: String) -> String { "'\(word)'" }

    /// `template` with each `{{name}}` of `values` replaced, in one pass; a name not in
    /// `values` stays as written.
    private static func fill(_ template: String, _ values: [String: String]) -> String {
        var filled = ""
        var rest = template[...]
        while let open = rest.firstRange(of: "{{"), let close = rest[open.upperBound...].firstRange(of: "}}") {
            filled += rest[..<open.lowerBound]
            filled += values[String(rest[open.upperBound..<close.lowerBound])] ?? String(rest[open.lowerBound..<close.upperBound])
            rest = rest[close.upperBound...]
        }
        return filled + rest
    }
}
