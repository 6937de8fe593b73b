import Domain
import Presentation
import Terminal

/// Every command of `grock`, in the order `grock help` lists them, and the commands of no group:
/// the home screen, first run, the demo, and the upkeep ones (doctor, undo, help). Each group
/// is declared in its own `Commands+Group.swift`.
enum Commands {
    static let all: [Command] = general + store + category + item + cart + trip + receipt + sync + servers + shop + spending + settings
        + upkeep + pricing + transfer + shell

    /// The commands a person is shown: in help, the man page and completion.
    static var visible: [Command] { all.filter { !$0.hidden } }

    /// The first words of the commands, in the order help lists them, each with the second
    /// words it takes (none for a command of one word).
    static var nouns: [(noun: String, verbs: [String])] {
        var order: [String] = []
        var verbs: [String: [String]] = [:]
        for command in visible {
            guard let noun = command.path.first else { continue }
            if verbs[noun] == nil { order.append(noun) }
            verbs[noun, default: []] += command.path.dropFirst()
        }
        return order.compactMap { key in verbs[key].map { (key, $0) } }
    }

    /// The home screen: what `grock` alone runs, the command of no words (`GrockCLI.find`).
    static let home = Command("", usage: "grock",
                              summary: "Show the home screen: active carts with their budgets, and this month's spending.",
                              examples: ["grock", "grock --json"]) { run in
        let home = run.container.home()
        try run.check(await home.load(), home)
        if run.json { return try run.console.json(home.document) }
        run.console.out(home.render(run.style))
    }

    /// The home screen, first run and the demo.
    static let general: [Command] = [
        home,
        Command("init", usage: "grock init",
                summary: "First run: create the default categories and choose the currency (EUR unless given).",
                details: "Running it again changes nothing; it refuses to switch the currency of data already set up (use grock "
                             + "settings currency).",
                examples: ["grock init", "grock init --currency GBP"], options: [.optional(.currency)]) { run in
            let onboarding = run.container.onboarding()
            try run.check(await onboarding.setUp(currency: try run.currency()), onboarding)
            if run.json, let setup = onboarding.document.setup { return try run.console.json(setup) }
            run.console.out(onboarding.render(run.style))
        },
        Command("demo", usage: "grock demo",
                summary: "Walk through a whole plan -> shop -> finish journey on sample data, screen by screen.",
                details: "It runs in a throwaway in-memory store and never touches your data.",
                examples: ["grock demo", "grock demo --no-color | less"]) { run in
            try await Demo.run(run)
        },
    ]

    /// Checking the data, taking a change back, and help.
    static let upkeep: [Command] = [
        Command("doctor", usage: "grock doctor", summary: "Check the data directory and report problems; changes nothing.",
                details: "Exit code 0 when every file reads, 3 when something does not.",
                examples: ["grock doctor", "grock --data-dir ~/backup/grock doctor"]) { run in
            try await Doctor.run(run)
        },
        Command("undo", usage: "grock undo",
                summary: "Take back the last change (repeatable, up to 50), saying what it was.",
                examples: ["grock undo", "grock undo && grock undo"]) { run in
            run.console.out("Undid: \(try await run.container.useCases.undoLastChange()).")
        },
        Command("help", usage: "grock help [COMMAND]", summary: "Show help for grock or one command; --man prints the manual page.",
                details: """
                --man prints grock(1) in roff, made from the same commands as this help: read it with man -l <(grock help --man), \
                or install it as grock.1 in a man1 directory of your MANPATH.
                """,
                examples: ["grock help", "grock help item", "grock help cart add", "grock help --man > ~/.local/share/man/man1/grock.1"],
                options: [.optional(.man)]) { run in
            if try run.has(.man) {
                guard run.arguments.isEmpty else { throw UsageError("--man prints the whole manual; give no command") }
                return run.console.out(ManPage.roff)
            }
            run.console.out(try GrockCLI.help(for: run.arguments, width: run.console.width))
        },
    ]
}
