import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Presentation
import Terminal
import RPC
import Web
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every command of `grock`, in the order `grock help` lists them.
enum Commands {
    static let all: [Command] = general + store + category + item + cart + trip + receipt + sync + other + transfer + shell

    static let general: [Command] = [
        Command("", usage: "grock", summary: "Show the home screen: active carts with their budgets, and this month's spending.", examples: ["grock", "grock --json"]) { run in
            let home = run.container.home()
            try run.check(await home.load(), home)
            if run.json { return try run.console.json(home.document) }
            run.console.out(home.render(run.style))
        },
        Command("init", usage: "grock init",
                summary: "First run: create the default categories and choose the currency (EUR unless given).",
                details: "Running it again changes nothing; it refuses to switch the currency of data already set up\n(use grock settings currency).",
                examples: ["grock init", "grock init --currency GBP"], options: [.optional(.currency)]) { run in
            let onboarding = run.container.onboarding()
            try run.check(await onboarding.setUp(currency: run.value(.currency)), onboarding)
            if run.json, let setup = onboarding.document.setup { return try run.console.json(setup) }
            run.console.out(onboarding.render(run.style))
        },
        Command("demo", usage: "grock demo",
                summary: "Walk through a whole plan -> shop -> finish journey on sample data, screen by screen.",
                details: "It runs in a throwaway in-memory store and never touches your data.", examples: ["grock demo", "grock demo --no-color | less"]) { run in
            try await Demo.run(run)
        },
    ]

    static let other: [Command] = [
        Command("rpc", usage: "grock rpc",
                summary: "Serve JSON-RPC 2.0 on stdin and stdout: one request a line, one response a line (docs/RPC.md).",
                details: "For another program: the same view models as the command line, results as --json prints\nthem, failures with error.data.kind (invalidInput, notFound, refused, conflict, storage).\nAmounts and quantities are strings. rpc.discover lists the methods. Ends when stdin ends.",
                examples: ["grock rpc < requests.jsonl", "grock --data-dir ~/grock-test rpc"]) { run in
            if let failure = await RPCServer(container: run.container).run(input: STDIN_FILENO, output: STDOUT_FILENO) {
                throw CommandFailure(kind: .storage, description: "cannot write the output: \(failure)")
            }
        },
        Command("serve", usage: "grock serve",
                summary: "Serve the page a phone opens to plan and shop, offline in the store too (docs/WEB.md).",
                details: "Listens on 127.0.0.1:8421 unless --listen says (--listen 0.0.0.0:8421 for the home network) and prints the URL "
                    + "to open once on each device: it carries a pairing token, which pairs one browser (the next URL is printed after each "
                    + "pairing); then the browser keeps a session. Every request needs it, "
                    + "on loopback too. With --listen it is plain HTTP: anyone on the network who captures the traffic takes the token "
                    + "or the session and can read and change everything (docs/WEB.md); use it on a network you trust. "
                    + "--revoke draws a new token and ends every session, then exits. Runs until stopped (Ctrl-C).",
                examples: ["grock serve", "grock serve --listen 0.0.0.0:8421", "grock serve --revoke"], options: [.optional(.listen), .optional(.revoke)]) { run in
            if try run.has(.revoke) {
                try WebServer.revoke(container: run.container)
                return run.console.out("Every session ended; the next grock serve prints a new URL.")
            }
            let (address, port) = try listenAddress(run.value(.listen) ?? "127.0.0.1:8421")
            let server = try WebServer(container: run.container, options: WebServer.Options(address: address, port: port))
            try await server.run { url in
                run.console.out("Open \(url) on this device, or on your phone on the same network" + (address == "127.0.0.1" || address == "::1" ? " (listening on loopback only: --listen 0.0.0.0:8421 for the phone)" : "") + ".")
            }
        },
        Command("shop", usage: "grock shop CART",
                summary: "Shopping mode: the list in store order, numbered; tick items off as you go.",
                details: """
                Starts the trip when the cart is still being planned. Then, one action a line:
                  3               tick line 3 (bought at its planned price), or untick it
                  p 3 1.29        line 3 was bought at 1.29 per unit
                  p 3 3.49 0.736  line 3 was bought at 3.49 per unit, 0.736 units (weighed)
                  + Gum 0.99      an impulse buy; it takes the next number
                  f               finish the trip
                  q               leave; everything is already saved
                  ?               the list of commands
                The numbers stay the same all session. Unticking an impulse buy asks before it
                is removed; the next line answers (only y or yes removes it).
                Lines fit COLUMNS (else the terminal's width, else 80).
                Works with a pipe too: printf '1\\n2\\nf\\n' | grock shop Weekly
                """, examples: ["grock shop Weekly", "printf '1\\n2\\nf\\n' | grock shop Weekly"], arguments: 1...1) { run in
            try await ShopSession.run(run)
        },
        Command("history", usage: "grock history", summary: "List completed trips, newest first.", examples: ["grock history", "grock --json history"]) { run in
            let history = run.container.history()
            try run.check(await history.load(), history)
            if run.json { return try run.console.json(history.rows) }
            run.console.out(history.render(run.style))
        },
        Command("insights", usage: "grock insights",
                summary: "Spending from completed trips: totals, budget adherence, planning accuracy, price changes, and your personal inflation index.",
                details: "The inflation index prices the basket you bought in the --base month (by default a year before the latest month) at what you paid each month since; docs/INSIGHTS.md explains every figure.",
                examples: ["grock insights", "grock insights --by store --from 2026-01", "grock insights --base 2025-01", "grock --json insights"],
                options: [.optional(.by), .optional(.from), .optional(.to),
                          .optional(.base)]) { run in
            let text = try run.value(.by) ?? "month"
            guard let grouping = InsightsViewModel.Grouping(rawValue: text.lowercased()) else {
                throw UsageError("--by takes month, store or category, not \(Echo.quoted(text))")
            }
            let insights = run.container.insights()
            try run.check(await insights.load(by: grouping, from: run.value(.from), to: run.value(.to), base: run.value(.base)),
                          insights)
            if run.json, let document = insights.document { return try run.console.json(document) }
            run.console.out(insights.render(run.style))
        },
        Command("settings show", usage: "grock settings show", summary: "Show the settings.", examples: ["grock settings show"]) { run in
            try await settingsStep(run) { await $0.load() }
        },
        Command("settings currency", usage: "grock settings currency CODE",
                summary: "Change the currency (an ISO code). Amounts are relabelled, not converted.",
                examples: ["grock settings currency GBP"], arguments: 1...1) { run in
            try await settingsStep(run) { try await $0.changeCurrency(run.argument(0)) }
        },
        Command("reset", usage: "grock reset", summary: "Erase all data, history and undo included. Cannot be undone.", examples: ["grock reset --yes"],
                options: [.required(.yes)]) { run in
            try await settingsStep(run) { await $0.reset() }
        },
        Command("doctor", usage: "grock doctor", summary: "Check the data directory and report problems; changes nothing.",
                details: "Exit code 0 when every file reads, 3 when something does not.", examples: ["grock doctor", "grock --data-dir ~/backup/grock doctor"]) { run in
            try await Doctor.run(run)
        },
        Command("undo", usage: "grock undo", summary: "Take back the last change (repeatable, up to 50), saying what it was.", examples: ["grock undo", "grock undo && grock undo"]) { run in
            run.console.out("Undid: \(try await run.container.useCases.undoLastChange()).")
        },
        Command("help", usage: "grock help [COMMAND]", summary: "Show help for grock or one command; --man prints the manual page.",
                details: "--man prints grock(1) in roff, made from the same commands as this help: read it with\nman -l <(grock help --man), or install it as grock.1 in a man1 directory of your MANPATH.",
                examples: ["grock help", "grock help item", "grock help cart add", "grock help --man > ~/.local/share/man/man1/grock.1"], options: [.optional(.man)],
                arguments: 0...2) { run in
            if try run.has(.man) {
                guard run.arguments.isEmpty else { throw UsageError("--man prints the whole manual; give no command") }
                return run.console.out(ManPage.roff)
            }
            run.console.out(try GrockCLI.help(for: run.arguments, width: run.console.width))
        },
    ]

    static let shell: [Command] = [
        Command("completions", usage: "grock completions bash|zsh|fish",
                summary: "Print a shell completion script: commands, options, their values, and the names in your store.",
                details: """
                Names of carts, items, stores and categories are completed from the data directory
                (the one --data-dir names, when it is on the line) as you type. Install for bash 4+:
                  grock completions bash > ~/.local/share/bash-completion/completions/grock
                for zsh, in a directory of $fpath (fpath=(~/.zfunc $fpath) before compinit):
                  grock completions zsh > ~/.zfunc/_grock
                for fish:
                  grock completions fish > ~/.config/fish/completions/grock.fish
                """,
                examples: ["grock completions bash > ~/.local/share/bash-completion/completions/grock", "source <(grock completions zsh)"],
                arguments: 1...1) { run in
            guard let shell = Completions.Shell(rawValue: try run.argument(0).lowercased()) else {
                throw UsageError("completions takes bash, zsh or fish, not \(Echo.quoted(try run.argument(0)))")
            }
            run.console.out(Completions.script(for: shell))
        },
        Command("complete", usage: "grock complete carts|items|stores|categories [PREFIX]",
                summary: "Print the names of one kind that start with PREFIX, one a line, for the completion scripts.",
                details: "Reads only: active carts, vault items, stores and categories; any case and accents.",
                examples: ["grock complete carts We"], arguments: 1...2, hidden: true) { run in
            guard let kind = ListNames.Kind(rawValue: try run.argument(0).lowercased()) else {
                throw UsageError("complete takes carts, items, stores or categories, not \(Echo.quoted(try run.argument(0)))")
            }
            let names = try await run.container.useCases.listNames(kind, prefix: run.arguments.count > 1 ? run.argument(1) : "")
            run.console.out(names.joined(separator: "\n"))
        },
    ]

    @MainActor
    static func settingsStep(_ run: Invocation, _ step: (SettingsViewModel) async throws -> Bool) async throws {
        let settings = run.container.settings()
        try run.check(await step(settings), settings)
        try run.show(settings, notice: settings.notice, document: settings.document) { settings.render(run.style) }
    }
}

extension Commands {
    /// `ADDR:PORT` (`[ADDR]:PORT` for IPv6) as an address and a port.
    static func listenAddress(_ text: String) throws -> (String, UInt16) {
        guard let colon = text.lastIndex(of: ":"), let port = UInt16(text[text.index(after: colon)...]) else {
            throw UsageError("--listen takes ADDR:PORT, such as 0.0.0.0:8421, not \(Echo.quoted(text))")
        }
        var address = String(text[..<colon])
        if address.hasPrefix("[") && address.hasSuffix("]") { address = String(address.dropFirst().dropLast()) }
        guard !address.isEmpty else { throw UsageError("--listen takes ADDR:PORT, such as 0.0.0.0:8421, not \(Echo.quoted(text))") }
        return (address, port)
    }
}
