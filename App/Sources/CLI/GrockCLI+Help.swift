import Terminal

extension GrockCLI {
    /// The help for `words` (`grock help WORDS`, `grock WORDS --help`): the overview, a
    /// command's help, or the commands of a group (`grock help item`).
    static func help(for words: [String], width: Int) throws -> String {
        guard let noun = words.first?.lowercased() else { return overview(width: width) }
        let group = Commands.visible.filter { $0.path.count > 1 && $0.path.first == noun }
        if words.count == 1, !Commands.all.contains(where: { $0.path == [noun] }), !group.isEmpty {
            return (["Commands of grock \(noun):"] + rows(group, width: width)
                    + TextBlocks.paragraphs("grock help \(noun) COMMAND shows a command's options and examples.",
                                            width: width)).joined(separator: "\n")
        }
        let command = try find(words).command
        return command.path.isEmpty ? overview(width: width) : command.help(width: width)
    }

    /// A command's summary up to the end of its first sentence or clause ("JSON-RPC 2.0" is
    /// not an end).
    static func brief(_ summary: String) -> String {
        let text = Array(summary)
        var end = text.count
        for index in text.indices where text[index] == ";" || (text[index] == "." && (index + 1 == text.count || text[index + 1] == " ")) {
            end = index
            break
        }
        return String(text[..<end])
    }

    /// Each command with its brief beside it, or below it when the terminal is too narrow for
    /// two columns.
    private static func rows(_ commands: [Command], width: Int) -> [String] {
        var lines: [String] = []
        for command in commands {
            let brief = brief(command.summary)
            let name = command.path.isEmpty ? "(none)" : command.name
            // Wrapped, never cut: a summary longer than its column goes on below it.
            if width < 60 {
                lines += ["  " + name] + TextBlocks.paragraphs(brief, width: width - 6).map { "      " + $0 }
                continue
            }
            let rows = TextBlocks.paragraphs(brief, width: width - 22)
            lines.append("  " + name + String(repeating: " ", count: max(0, 18 - name.count)) + "  " + rows[0])
            lines += rows.dropFirst().map { String(repeating: " ", count: 22) + $0 }
        }
        return lines
    }

    /// The text of `grock help` for a terminal `width` columns wide: each command with its
    /// summary beside it, or below it when the terminal is too narrow for two columns.
    static func overview(width: Int = 80) -> String {
        func wrapped(_ lines: [String]) -> [String] { lines.flatMap { $0.isEmpty ? [""] : TextBlocks.paragraphs($0, width: width) } }
        var lines = wrapped(["Grock - plan grocery trips on a budget and remember what things cost.", "",
                             "Usage: grock [--data-dir DIR | --in-memory] [--json] [--no-color] COMMAND ...", "", "Commands:"])
        lines += rows(Commands.visible, width: width)
        lines += wrapped(["", "CART and ITEM are names (any case) or the start of an id.",
                          "An older trip is also NAME@YYYY-MM-DD, the day grock history shows for it.",
                          "Prices are per unit: --price 3.49 for an item sold by the kg means 3.49/kg.",
                          "Amounts (--price, --budget) go up to 1000000.00, quantities (--qty) to 100000.",
                          "Data: --data-dir, $GROCK_HOME, $XDG_DATA_HOME/grock or ~/.local/share/grock.",
                          "Exit codes: 0 ok, 1 refused or not found, 2 usage error, 3 storage problem.",
                          "grock help COMMAND shows a command's options and examples. Try: grock demo"])
        return lines.joined(separator: "\n")
    }
}
