import Presentation
import Terminal

extension Commands {
    /// Prices across stores: an item's, and the cheapest plan for a cart.
    static let pricing: [Command] = [
        Command("prices", usage: "grock prices ITEM",
                summary: """
                An item's current price at every store, normalised per kg, l or each with the cheapest marked, and its price \
                history with a sparkline.
                """,
                examples: ["grock prices Milk", "grock --json prices Milk"]) { run in
            let vault = run.container.vault()
            try run.check(await vault.showPrices(run.argument(0)), vault)
            if run.json, let item = vault.itemDocument {
                return try run.console.json(PricesDocument(item: item, history: vault.historyDocuments))
            }
            run.console.out(vault.render(run.style))
        },
        Command("plan", usage: "grock plan CART",
                summary: """
                Find the cheapest store for each line still to buy from known prices, optionally visiting at most K stores, \
                and show the saving against the current plan.
                """,
                details: """
                The plan is exact: with --max-stores every set of K stores is tried. When that is more work than a plan may \
                take (about 20 million line-store comparisons: sets of K stores × K × lines), nothing is guessed: the plan \
                is refused (exit 1) and a smaller K works. Lines with no known price are listed, not guessed. The data \
                directory is not held while the plan is worked out. Nothing changes without --apply.
                """,
                examples: ["grock plan Weekly", "grock plan Weekly --max-stores 2", "grock plan Weekly --max-stores 2 --apply"],
                options: [.optional(.maxStores), .optional(.apply)]) { run in
            let limit = try run.integer(.maxStores, in: 1...Int.max)
            let plan = run.container.plan()
            try run.check(await plan.load(cart: run.argument(0), maxStores: limit, apply: run.has(.apply)), plan)
            if run.json, let document = plan.document { return try run.console.json(document) }
            run.console.out(plan.render(run.style))
        },
    ]
}

/// `grock --json prices ITEM`: the item's prices at every store and its history.
struct PricesDocument: Encodable {
    let item: ItemDocument
    let history: [PriceDocument]
}
