import Foundation
@testable import App
import TestSupport
import Testing

/// Help at any width keeps every option next to its value, and cuts nothing.
@Suite struct NarrowHelpTests {
    /// A line that ends in an option taking a value (`--qty`, `[--store`) has split it from it.
    static func splitPairs(_ text: String) -> [String] {
        text.split(separator: "\n").filter { line in
            guard let last = line.split(separator: " ").last else { return false }
            let option = last.drop { $0 == "[" || $0 == "(" }
            return option.hasPrefix("--") && Arguments.valued.contains(String(option.dropFirst(2)))
        }.map(String.init)
    }

    @Test(arguments: [40, 50])
    func helpAtNarrowWidthsNeverSplitsAnOptionFromItsValue(columns: Int) throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        let environment = ["COLUMNS": String(columns)]
        let overview = try grock.run(arguments: ["help"], extra: environment)
        #expect(overview.status == 0)
        var texts = [("(overview)", overview.stdout)]
        for command in Commands.all where !command.path.isEmpty {
            let result = try grock.run(arguments: ["help"] + command.path, extra: environment)
            #expect(result.status == 0, "\(command.name): \(result.stderr)")
            texts.append((command.name, result.stdout))
        }
        for (name, text) in texts {
            #expect(Self.splitPairs(text).isEmpty, "grock help \(name) at \(columns) columns: \(Self.splitPairs(text))")
            // Wrapped to the width, except examples and tables (indented), which are kept whole to be
            // copied, and a single word longer than a line (a CSV header).
            for line in text.split(separator: "\n") where !line.hasPrefix("  ") || name == "(overview)" {
                #expect(line.count <= columns || !line.contains(" "), "grock help \(name) at \(columns) columns: \(line)")
            }
        }
        // Wrapped, never cut: every word of a usage line is still there.
        let usage = try grock.run(arguments: ["help", "item", "price"], extra: environment).stdout
        let flowing = usage.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flowing.contains("--store STORE --price P [--unit UNIT | --pack SIZE] [--promo [--until YYYY-MM-DD]] [--date DATE]"))
    }

    @Test func withoutColumnsHelpKeepsEightyColumnsEvenWhenPiped() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        for columns in [nil, "", "abc", "0", "100000"] {
            let result = try grock.run(arguments: ["help", "trip", "finish"], extra: columns.map { ["COLUMNS": $0] } ?? [:])
            #expect(result.stdout == Commands.all.first { $0.name == "trip finish" }!.help() + "\n", "COLUMNS=\(columns ?? "unset")")
        }
    }

    /// Issue #23, 8: `grock help item` listed nothing (exit 2), and the overview cut
    /// "Serve JSON-RPC 2.0" at "2".
    @Test func helpOfAGroupListsItsCommandsAndABriefEndsAtASentence() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        for arguments in [["help", "item"], ["item", "--help"], ["help", "TRIP"]] {
            let result = try grock.run(arguments: arguments)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(arguments): \(result.stderr)")
            #expect(result.stdout.hasPrefix("Commands of grock \(arguments.contains("TRIP") ? "trip" : "item"):"), "\(arguments)")
        }
        #expect(try grock.run(arguments: ["help", "item"]).stdout.contains("  item forget-price   Take a wrong price"))
        #expect(try grock.run(arguments: ["help", "itme"]).status == 2)
        #expect(GrockCLI.brief("Serve JSON-RPC 2.0 on stdin. More.") == "Serve JSON-RPC 2.0 on stdin")
        #expect(GrockCLI.brief("One; two") == "One" && GrockCLI.brief("Ends.") == "Ends")
    }

    @Test func overviewAtFortyColumnsPutsSummariesUnderTheirCommands() throws {
        let text = GrockCLI.overview(width: 40)
        #expect(text.contains("\n  cart add\n      Put vault items on a cart"))
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 40 })
    }
}

/// Runs a shell with `script` and arguments, with `grock` first on its PATH.
func shell(_ program: String, _ arguments: [String], grock: Grock) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    var environment = grock.environment
    environment["PATH"] = Grock.executable.deletingLastPathComponent().path + ":/usr/bin:/bin"
    environment["HOME"] = grock.home.path
    process.environment = environment
    process.currentDirectoryURL = URL(fileURLWithPath: grock.home.path)
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
}

@Suite struct CompletionTests {
    /// A store with carts whose names a shell must quote.
    func hostileStore() throws -> Grock {
        let grock = try Grock()
        try grock.stocked()
        for name in ["Big shop", "$(touch PWNED)", "it's \\ odd"] { #expect(try grock.run(arguments: ["cart", "new", name]).status == 0) }
        return grock
    }

    @Test func completeListsNamesAndChangesNothing() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        let empty = try grock.run("complete carts")
        #expect(empty.status == 0 && empty.stdout.isEmpty && empty.stderr.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: grock.dataDirectory), "completing created the data directory")
        try grock.stocked()
        #expect(try grock.run(arguments: ["cart", "new", "Big shop"]).status == 0)
        #expect(try grock.ok("complete carts") == "Big shop\nWeekly\n")
        #expect(try grock.run(arguments: ["complete", "carts", "big s"]).stdout == "Big shop\n")
        #expect(try grock.run(arguments: ["complete", "items", "b"]).stdout == "Bananas\nBread\n")
        #expect(try grock.run(arguments: ["complete", "stores", "--", "-x"]).stdout.isEmpty)
        #expect(try grock.run(arguments: ["complete", "STORES"]).stdout == "Aldi\nLidl\n")
        #expect(try grock.run(arguments: ["complete", "categories", "dai"]).stdout == "Dairy\n")
        #expect(try grock.run(arguments: ["complete", "carts", String(repeating: "x", count: 100_000)]).stdout.isEmpty)
        let bad = try grock.run("complete recipes")
        #expect(bad.status == 2 && bad.stderr.contains("complete takes carts, items, stores or categories"))
        // Hidden: not in help, not suggested.
        #expect(!(try grock.ok("help")).contains("  complete "))
    }

    @Test func completionsRefusesAnUnknownShell() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        let result = try grock.run("completions tcsh")
        #expect(result.status == 2 && result.stderr == "grock: completions takes bash, zsh or fish, not \"tcsh\" (see grock help)\n")
    }

    /// Drives the bash function as bash's completion would: COMP_WORDS, COMP_CWORD, then COMPREPLY.
    @Test func bashCompletesCommandsOptionsValuesAndQuotedNames() throws {
        let grock = try hostileStore()
        defer { grock.home.remove() }
        let script = try grock.ok("completions bash")
        try script.write(toFile: grock.home.path + "/grock.bash", atomically: true, encoding: .utf8)
        #expect(try shell("/bin/bash", ["-n", grock.home.path + "/grock.bash"], grock: grock).status == 0)
        func complete(_ words: String...) throws -> [String] {
            let driver = "source \"$1\"; shift; COMP_WORDS=(\"$@\"); COMP_CWORD=$(($# - 1)); _grock; printf '%s\\n' \"${COMPREPLY[@]}\""
            let result = try shell("/bin/bash", ["-c", driver, "bash", grock.home.path + "/grock.bash"] + words, grock: grock)
            #expect(result.status == 0, "\(result.output)")
            return result.output.split(separator: "\n").map(String.init)
        }
        #expect(try complete("grock", "cart", "show", "Bi") == ["Big\\ shop"])
        #expect(try complete("grock", "cart", "show", "Big\\ s") == ["Big\\ shop"])
        #expect(try complete("grock", "cart", "show", "\"Big") == ["Big shop"])
        #expect(try complete("grock", "cart", "show", "$") == ["\\$\\(touch\\ PWNED\\)"])
        #expect(try complete("grock", "cart", "show", "it") == ["it\\'s\\ \\\\\\ odd"])
        #expect(!FileManager.default.fileExists(atPath: grock.home.path + "/PWNED"), "a cart's name was run")
        #expect(try complete("grock", "ca") == ["category", "cart"])
        #expect(try complete("grock", "cart", "a") == ["add"])
        #expect(try complete("grock", "cart", "add", "Weekly", "Milk", "B") == ["Bananas", "Bread"])
        #expect(try complete("grock", "trip", "log", "Weekly", "Milk", "--store", "") == ["Aldi", "Lidl"])
        #expect(try complete("grock", "export", "--format", "") == ["json", "csv", "ledger"])
        #expect(try complete("grock", "item", "add", "X", "--unit", "k") == ["kg"])
        #expect(try complete("grock", "cart", "add", "Weekly", "--qty", "").isEmpty)
        #expect(try complete("grock", "cart", "set", "--s") == ["--store"])
        #expect(try complete("grock", "help", "trip", "f") == ["finish"])
        #expect(try complete("grock", "completions", "") == ["bash", "zsh", "fish"])
        // The data directory on the line is the one asked.
        #expect(try complete("grock", "--data-dir", grock.home.path + "/elsewhere", "cart", "show", "").isEmpty)
    }

    @Test func zshScriptIsWellFormedAndAsksGrockForNames() throws {
        let grock = try hostileStore()
        defer { grock.home.remove() }
        let script = try grock.ok("completions zsh")
        #expect(script.hasPrefix("#compdef grock\n"))
        #expect(script.contains("compdef _grock grock") && script.contains("complete ${1#names:}"))
        #expect(script.contains("'cart add') kinds=('names:carts' 'names:items'); repeat=1 ;;"))
        #expect(script.contains("'export --format') _grock_value 'words:json csv ledger'; return ;;"))
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh") else { return }  // not installed: the structure above
        try script.write(toFile: grock.home.path + "/_grock", atomically: true, encoding: .utf8)
        #expect(try shell("/usr/bin/zsh", ["-n", grock.home.path + "/_grock"], grock: grock).status == 0)
        // compsys itself needs a terminal: stand-ins for its builtins print what they were given.
        let driver = """
            compdef() { : }; compadd() { [[ $1 == -a ]] && printf '%s\\n' ${(P)2} }
            _describe() { printf '%s\\n' ${${(P)${@[-1]}}%%:*} }; _files() { print files }
            source "$1"; shift; words=("$@"); CURRENT=$#; _grock
            """
        let carts = try shell("/usr/bin/zsh", ["-c", driver, "zsh", grock.home.path + "/_grock", "grock", "cart", "show", ""], grock: grock)
        #expect(carts.output == "$(touch PWNED)\nBig shop\nit's \\ odd\nWeekly\n")
        let verbs = try shell("/usr/bin/zsh", ["-c", driver, "zsh", grock.home.path + "/_grock", "grock", "trip", ""], grock: grock)
        #expect(verbs.output.hasPrefix("start\nlog\nunlog\n"))
    }

    @Test func fishScriptIsWellFormedAndAsksGrockForNames() throws {
        let grock = try hostileStore()
        defer { grock.home.remove() }
        let script = try grock.ok("completions fish")
        #expect(script.contains("complete -c grock -f -a '(__grock_complete)'"))
        #expect(script.contains("$__grock_program $__grock_data complete"))
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/fish") else { return }  // not installed: the structure above
        try script.write(toFile: grock.home.path + "/grock.fish", atomically: true, encoding: .utf8)
        #expect(try shell("/usr/bin/fish", ["-n", grock.home.path + "/grock.fish"], grock: grock).status == 0)
        let result = try shell("/usr/bin/fish",
            ["-c", "source $argv[1]; complete -C 'grock cart show Bi'; complete -C 'grock export --format '",
                                                 grock.home.path + "/grock.fish"], grock: grock)
        #expect(result.output == "Big shop\ncsv\njson\nledger\n")
    }

    /// The scripts are made from the table: every option of every command is in its usage line,
    /// an option takes a value for every command or for none (the parser decides before it knows
    /// the command), and every word a script embeds is a plain lowercase word.
    @Test func theTableDescribesEveryOption() {
        #expect(Arguments.valued.isDisjoint(with: Arguments.flags))
        for command in Commands.all {
            let syntax = command.syntax
            #expect(syntax.options.map(\.name) == command.options, "grock \(command.name): usage and options differ")
            for option in syntax.options {
                #expect(command.usage.contains("--" + option.name), "grock \(command.name) --\(option.name)")
                #expect(Arguments.valued.contains(option.name) == (option.value != nil), "grock \(command.name) --\(option.name)")
                if case .words(let words) = option.value {
                    #expect(words.allSatisfy { $0.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) } })
                }
            }
            #expect(command.path.allSatisfy { $0.allSatisfy { ("a"..."z").contains($0) || $0 == "-" } })
        }
    }
}

@Suite struct OptionUsageTests {
    /// The usage line's options are rendered from their one declaration, groups and
    /// alternatives included.
    @Test(arguments: [
        ("cart new", "grock cart new NAME [--budget AMOUNT] [--item ITEM]..."),
        ("cart budget", "grock cart budget CART AMOUNT | --none"),
        ("item add", "grock item add NAME --category CATEGORY [--price P --store STORE] [--unit UNIT | --pack SIZE]"),
        ("item price",
            "grock item price ITEM --store STORE --price P [--unit UNIT | --pack SIZE] [--promo [--until YYYY-MM-DD]] [--date DATE]"),
        ("reset", "grock reset --yes"),
        ("undo", "grock undo"),
    ])
    func usageLineShowsTheDeclaredOptions(command name: String, usage: String) throws {
        let command = try #require(Commands.all.first { $0.name == name })
        #expect(command.usage == usage)
    }

    @Test func theParserTakesWhatTheDeclarationsSay() {
        #expect(Arguments.repeatable == ["item"])
        #expect(Arguments.valued.isSuperset(of: ["data-dir", "budget", "item", "until", "to"]))
        #expect(Arguments.flags.isSuperset(of: ["in-memory", "json", "none", "promo", "yes"]))
        let budget = Commands.all.first { $0.name == "cart budget" }?.syntax
        #expect(budget?.positionals == [.names(.carts), .text] && budget?.options.map(\.name) == ["none"])
    }

    /// Review of the command line: a command's argument count was declared beside its usage
    /// line; it is counted on it (brackets optional, `...` many, COMMAND one or two words).
    @Test(arguments: [
        ("trip log", 2...2), ("cart list", 0...0), ("cart budget", 1...2), ("cart add", 2...Syntax.mostArguments),
        ("receipt", 0...2), ("store aisles", 1...Syntax.mostArguments), ("help", 0...2), ("complete", 1...2),
        ("completions", 1...1), ("sync leave", 0...0),
    ])
    func theArgumentCountIsReadFromTheUsageLine(command name: String, count: ClosedRange<Int>) throws {
        #expect(try #require(Commands.all.first { $0.name == name }).arguments == count)
    }

    /// An error in the command line itself is printed as its --json asks, wherever that stands,
    /// read by the one parse (not by a scan of the raw words beside it).
    @Test func aCommandLineErrorIsPrintedAsItsJsonAsks() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        for line in ["--bogus --json", "--json --qty", "--JSON --bogus"] {
            let result = try grock.run(line)
            #expect(result.status == 2 && result.stderr.hasPrefix("{\"error\":{\"kind\":\"invalidInput\""), "\(line): \(result.stderr)")
        }
        // After `--` a word is a word: `--json` there asks nothing.
        let words = try grock.run("--bogus -- --json")
        #expect(words.status == 2 && words.stderr == "grock: unknown option --bogus (see grock help)\n", "\(words.stderr)")
    }
}

@Suite struct ManPageTests {
    @Test func theManPageHasEverySectionAndEveryCommand() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        let page = try grock.ok("help --man")
        #expect(page.hasPrefix(".\\\" grock(1)") && page.contains("\n.TH GROCK 1 "))
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "ENVIRONMENT", "EXIT STATUS", "FILES", "EXAMPLES"] {
            #expect(page.contains("\n.SH \(section)\n"), "no \(section)")
        }
        for command in Commands.visible { #expect(page.contains(".B " + ManPage.escaped(command.usage)), "\(command.name)") }
        #expect(page.contains("\\fB\\-\\-data\\-dir\\fR \\fIDIR\\fR"))
        // No line of text can be taken for a request; no hyphen of an option is a typographic one.
        let requests = Set(["\\\"", "TH", "SH", "TP", "B", "I", "PP", "IP", "nf", "fi", "nh", "ad"])
        for line in page.split(separator: "\n") where line.hasPrefix(".") || line.hasPrefix("'") {
            #expect(requests.contains(String(line.dropFirst().prefix { $0 != " " })), "\(line)")
        }
        #expect(!page.contains(" --"))
        let refused = try grock.run("help cart --man")
        #expect(refused.status == 2)
    }

    @Test func roffSpecialsAreEscaped() {
        #expect(ManPage.escaped("a\\b --qty") == "a\\eb \\-\\-qty")
        #expect(ManPage.text(".hidden request") == "\\&.hidden request")
        #expect(ManPage.text("'quoted") == "\\&'quoted")
        #expect(ManPage.text("keep --qty 2 together") == "keep \\-\\-qty\\ 2 together")
    }

    /// Help's paragraphs stay apart in the page, and a table or a command to copy stays whole.
    @Test func detailsKeepTheirParagraphsAndIndentedLines() {
        #expect(ManPage.block("One, refilled.\n\nTwo:\n  grock shop Weekly\nThree.")
                == ["One, refilled.", ".IP", "Two:", ".nf", "  grock shop Weekly", ".fi", "Three."])
    }

    /// Beyond ASCII a character is named by its code point, so groff reads the page without
    /// preconv and warns about nothing (help says "sets × lines").
    @Test func charactersBeyondASCIIAreNamedByCodePoint() {
        #expect(ManPage.escaped("K × lines – café 🛒") == "K \\[u00D7] lines \\[u2013] caf\\[u00E9] \\[u1F6D2]")
    }

    @Test func itRendersWithGroff() throws {
        guard let groff = try requiredTool("groff") else { return }
        let grock = try Grock()
        defer { grock.home.remove() }
        let path = grock.home.path + "/grock.1"
        try (try grock.ok("help --man")).write(toFile: path, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: groff)
        process.arguments = ["-man", "-Tutf8", "-ww", path]
        process.environment = ["PATH": "/usr/bin:/bin"]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let rendered = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let warnings = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0 && warnings.isEmpty, "\(warnings)")
        let plain = rendered.replacingOccurrences(of: "\u{8}.", with: "", options: .regularExpression)
        #expect(plain.contains("grock cart add CART ITEM... [--qty Q] [--unit UNIT] [--store STORE]"))
        #expect(plain.contains("EXIT STATUS") && plain.contains("GROCK_HOME"))
    }
}

@Suite struct ReferenceTests {
    @Test func anOlderTripByNameAndDay() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        for line in
            ["trip start Weekly", "trip log Weekly Milk", "trip finish Weekly --date 2026-02-20", "cart new Weekly"] { try grock.ok(line) }
        #expect(try grock.ok("cart show Weekly@2026-02-20").contains("completed"))
        let missing = try grock.run("cart show Weekly@2026-02-21")
        #expect(missing.status == 1)
        #expect(missing.stderr == "grock: no trip named \"Weekly\" was finished on 2026-02-21; its trips: 2026-02-20\n")
        #expect(try grock.run("item frobnicate").stderr.hasPrefix("grock: \"frobnicate\" is not an item command"))
    }
}
