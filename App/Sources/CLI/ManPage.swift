import Presentation
import Terminal

/// `grock help --man`: the manual page grock(1) in roff, made from the command table like
/// `grock help`, so the two cannot disagree.
enum ManPage {
    static var roff: String {
        var page = [
            #".\" grock(1), made from grock's own command table; do not edit."#,
            ".TH GROCK 1 \"\" \"\(escaped(GrockCLI.version))\" \"User Commands\"",
            // Unhyphenated and ragged right: a hyphen a reader sees is one to type.
            ".nh",
            ".ad l",
            ".SH NAME",
            "grock \\- plan grocery trips on a budget and remember what things cost",
            ".SH SYNOPSIS",
            ".B grock",
            text("[--data-dir DIR | --in-memory] [--json] [--no-color] COMMAND ..."),
            ".SH DESCRIPTION",
            text("Grock keeps a vault of the items you buy with their prices at each store, carts that plan a trip against a budget, "
                 + "and the history of finished trips, from which it works out spending insights and your personal inflation. "
                 + "Everything is stored locally, in plain files of the data directory."),
            ".PP",
            text("CART and ITEM (and STORE, CATEGORY) are names, in any case and with or without accents, a full id, or the start of an id "
                 + "(4 characters or more); an older trip of a name used again is also NAME@YYYY-MM-DD, the day it was finished. "
                 + "Prices are per unit of the line's unit: --price 3.49 for an item sold by the kg means 3.49/kg. "
                 + "Amounts (--price, --budget) go up to 1000000.00, quantities (--qty) to 100000."),
            ".SH COMMANDS",
        ]
        for command in Commands.visible {
            page += [".TP", ".B " + escaped(command.usage)]
            page.append(text(command.summary))
            if !command.details.isEmpty { page += [".IP"] + block(command.details) }
        }
        page.append(".SH OPTIONS")
        for (option, meaning) in Syntax.globalOptions {
            page += [".TP",
                     "\\fB" + escaped("--" + option.name) + "\\fR" + (option.placeholder.map { " \\fI" + escaped($0) + "\\fR" } ?? ""),
                     text(meaning)]
        }
        page += [
            ".SH ENVIRONMENT",
            ".TP", ".B GROCK_HOME", text("The data directory, unless --data-dir is given."),
            ".TP", ".B XDG_DATA_HOME", text("Else the data directory is $XDG_DATA_HOME/grock, and else ~/.local/share/grock under HOME."),
            ".TP", ".B NO_COLOR", text("When set and not empty, no colour; so does TERM=dumb."),
            ".TP", ".B COLUMNS", text("The width help and screens are wrapped to (else the terminal's, else 80; at most 80)."),
            ".TP", ".B GROCK_NOW", text("An RFC 3339 time that fixes the clock, for reproducible examples and tests."),
            ".TP", ".B GROCK_LOCK_TIMEOUT_MS", text("How long to wait for another grock using the data directory (10000 by default)."),
            ".TP", ".B GROCK_WATCH_MS", text("How often grock rpc looks for changes made by other processes (1000 by default)."),
            ".TP", ".B TZ", text("The time zone of local dates, through the C library."),
            ".SH EXIT STATUS",
            ".TP", ".B 0", text("Success; also a change that was saved but could not be shown afterwards (a warning on stderr)."),
            ".TP", ".B 1", text("Refused by a rule of Grock, or something named does not exist."),
            ".TP", ".B 2", text("Usage error: an unknown command or option, a missing or malformed argument."),
            ".TP", ".B 3",
            text("Storage problem: a file cannot be read or written, the directory is busy, or the output cannot be written."), ".SH FILES",
            ".TP", ".I ~/.local/share/grock/",
            text("The data directory by default: the state, the history, undo steps and a lock file, all private to you (mode 0600)."),
            ".SH EXAMPLES",
        ]
        for command in Commands.visible {
            for example in command.examples {
                page += [".PP", ".nf", escaped(example), ".fi"]
            }
        }
        page += [".SH SEE ALSO", text("grock help COMMAND, and docs/CLI.md in the source.")]
        return page.joined(separator: "\n")
    }

    /// Text escaped for roff: a backslash is `\e`, a hyphen `\-` (so `--qty` stays two ASCII
    /// hyphens when rendered and can be searched for and copied), and anything beyond ASCII is
    /// named by its code point (`\[u00D7]` for ×), which groff reads whatever the page's
    /// encoding; written raw it warns "invalid input character" unless run through preconv.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\e"
            case "-": result += "\\-"
            case _ where scalar.isASCII: result.unicodeScalars.append(scalar)
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }
        }
        return result
    }

    /// A line of running text: escaped, and protected where it would start with `.` or `'`,
    /// which roff would read as a request.
    /// An option and its value are joined by an unbreakable space, so that roff's filling
    /// never ends a line between them (`LineBreaks`).
    static func text(_ line: String) -> String {
        protected(LineBreaks.unbreakableRuns(Substring(line)).map { escaped($0).replacing(" ", with: "\\ ") }.joined(separator: " "))
    }

    /// An escaped line that roff cannot take for a request.
    private static func protected(_ line: String) -> String {
        line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : line
    }

    /// Help's details as roff: each paragraph refilled, a blank line between two a new indented
    /// paragraph, and the indented lines (a table, a command to copy) as they are.
    static func block(_ text: String) -> [String] {
        var lines: [String] = []
        var verbatim = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.isEmpty {
                if verbatim { lines.append(".fi"); verbatim = false }
                lines.append(".IP")
                continue
            }
            let indented = line.hasPrefix(" ")
            if indented != verbatim { lines.append(indented ? ".nf" : ".fi"); verbatim = indented }
            lines.append(indented ? protected(escaped(String(line))) : self.text(String(line)))
        }
        if verbatim { lines.append(".fi") }
        return lines
    }
}
