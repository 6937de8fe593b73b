import Domain
import Presentation
import Terminal

extension Commands {
    /// The settings: the currency, and erasing everything.
    static let settings: [Command] = [
        Command("settings show", usage: "grock settings show", summary: "Show the settings.", examples: ["grock settings show"]) { run in
            try await settingsStep(run) { await $0.load() }
        },
        Command("settings currency", usage: "grock settings currency CODE",
                summary: "Change the currency (an ISO code). Amounts are relabelled, not converted.",
                examples: ["grock settings currency GBP"]) { run in
            try await settingsStep(run) { try await $0.changeCurrency(Currency(code: run.argument(0))) }
        },
        Command("reset", usage: "grock reset", summary: "Erase all data, history and undo included. Cannot be undone.",
                examples: ["grock reset --yes"], options: [.required(.yes)]) { run in
            try await settingsStep(run) { await $0.reset() }
        },
    ]

    @MainActor
    static func settingsStep(_ run: Invocation, _ step: (SettingsViewModel) async throws -> Bool) async throws {
        let settings = run.container.settings()
        try run.check(await step(settings), settings)
        try run.show(settings, notice: settings.notice, document: settings.document) { settings.render(run.style) }
    }
}
