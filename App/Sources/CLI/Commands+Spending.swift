import Presentation
import Terminal

extension Commands {
    /// What was spent: completed trips, and the figures over them.
    static let spending: [Command] = [
        Command("history", usage: "grock history", summary: "List completed trips, newest first.",
                examples: ["grock history", "grock --json history"]) { run in
            let history = run.container.history()
            try run.check(await history.load(), history)
            if run.json { return try run.console.json(history.rows) }
            run.console.out(history.render(run.style))
        },
        Command("insights", usage: "grock insights",
                summary: "Spending from completed trips: totals, budget adherence, planning accuracy, price changes, "
                             + "and your personal inflation index.",
                details: """
                The inflation index prices the basket you bought in the --base month (by default a year before the latest \
                month) at what you paid each month since; docs/INSIGHTS.md explains every figure.
                """,
                examples: ["grock insights", "grock insights --by store --from 2026-01", "grock insights --base 2025-01",
                           "grock --json insights"],
                options: [.optional(.by), .optional(.from), .optional(.to),
                          .optional(.base)]) { run in
            let grouping = try run.choice(.by, of: InsightsViewModel.Grouping.self) ?? .month
            let insights = run.container.insights()
            try run.check(await insights.load(by: grouping, from: run.value(.from), to: run.value(.to), base: run.value(.base)),
                          insights)
            if run.json, let document = insights.document { return try run.console.json(document) }
            run.console.out(insights.render(run.style))
        },
    ]
}
