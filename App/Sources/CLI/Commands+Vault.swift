import Presentation
import Terminal

/// The vault: categories in aisle order, and the items with their prices.
extension Commands {
    /// The categories, in the order they are walked.
    static let category: [Command] = [
        Command("category add", usage: "grock category add NAME",
                summary: "Add a category at the end of the order.", examples: ["grock category add Spices"]) { run in
            try await categoryStep(run) { try await $0.addCategory(run.argument(0)) }
        },
        Command("category rename", usage: "grock category rename CATEGORY NEW-NAME",
                summary: "Rename a category.", examples: ["grock category rename Spices Herbs"]) { run in
            try await categoryStep(run) { try await $0.renameCategory(run.argument(0), to: run.argument(1)) }
        },
        Command("category remove", usage: "grock category remove CATEGORY",
                summary: "Remove an empty category (move or remove its items first).", examples: ["grock category remove Herbs"]) { run in
            try await categoryStep(run) { try await $0.removeCategory(run.argument(0)) }
        },
        Command("category move", usage: "grock category move CATEGORY", summary: "Move a category to a position (1 is first).",
                examples: ["grock category move Bakery --to 1"], options: [.required(.to, "POSITION")]) { run in
            let position = try run.required(.to) { try run.integer($0) }
            try await categoryStep(run) { try await $0.moveCategory(run.argument(0), to: position) }
        },
        Command("category list", usage: "grock category list", summary: "List the categories in order.",
                examples: ["grock category list"]) { run in
            try await categoryStep(run) { await $0.listCategories() }
        },
    ]

    @MainActor
    static func categoryStep(_ run: Invocation, _ step: (VaultViewModel) async throws -> Bool) async throws {
        let vault = run.container.vault()
        try run.check(await step(vault), vault)
        try run.show(vault, notice: vault.notice, document: vault.categoryDocuments) { vault.render(run.style) }
    }

    /// The vault's items: prices recorded and forgotten, shown, found, renamed, moved and removed.
    static let item: [Command] = [
        Command("item add", usage: "grock item add NAME",
                summary: "Add an item to the vault, optionally with its price at a store.",
                details: """
                The price is per UNIT (each unless given): --price 3.49 --unit kg is 3.49 per kg, at most 1000000.00. Units: \
                each, pack, g, kg, lb, oz, ml, l. --pack 250g prices a pack by what it holds (2.29 for 250 g compares as \
                9.16/kg). The unit is the one the item is sold by: cart lines count in it unless told otherwise.

                A price that looks like a slip (outside what groceries cost per kg, l or each) is recorded with a warning on \
                stderr.
                """,
                examples: ["grock item add Milk --category Dairy --price 1.09 --store Aldi",
                           "grock item add Bananas --category Produce --price 1.99 --store Aldi --unit kg",
                           "grock item add Coffee --category Pantry --price 2.29 --store Aldi --pack 250g"],
                // The unit is the one the item is sold by, known with or without a price; a pack
                // size is what a price buys, so it needs one.
                options: [.required(.category), .optional(.required(.price), .required(.store)), unitOrPack]) { run in
            if try run.has(.pack) && !run.has(.price) { throw UsageError("--pack goes with --price P and --store STORE") }
            let unit = try run.unit(), pack = try run.pack()
            try await itemStep(run) {
                try await $0.addItem(run.argument(0), category: run.required(.category), price: run.value(.price), store: run.value(.store),
                                     unit: unit, pack: pack)
            }
        },
        Command("item price", usage: "grock item price ITEM",
                summary: "Record a price seen at a store (shelf or flyer) without buying.",
                details: """
                It becomes the store's current price and joins the price history. With --promo it is a promotion: it counts \
                until --until (inclusive), then the regular price counts again.

                A price is at most 1000000.00. --date YYYY-MM-DD [HH:MM] says when it was seen (not in the future); an older \
                price joins the history but leaves a newer one current. --pack 250g: the price is for a pack holding 250 g, \
                compared everywhere as its price per kg.

                A price more than 3 times or less than a third of the last one at that store, or outside what groceries cost per \
                kg, l or each, is recorded with a warning on stderr; item forget-price takes it out.
                """,
                examples: ["grock item price Milk --store Lidl --price 1.19",
                           "grock item price Coffee --store Lidl --price 4.29 --pack 500g",
                           "grock item price Coffee --store Aldi --price 3.99 --promo --until 2026-12-01"],
                options: [.required(.store), .required(.price), unitOrPack, .optional(.required(.promo), .optional(.until)),
                          .optional(.date)]) { run in
            let unit = try run.unit(), pack = try run.pack(), until = try run.day(.until)
            try await itemStep(run) {
                try await $0.setPrice(run.argument(0), store: run.required(.store), price: run.required(.price), unit: unit, pack: pack,
                                      promotion: run.has(.promo), until: until, date: run.value(.date))
            }
        },
        Command("item forget-price", usage: "grock item forget-price ITEM",
                summary: "Take a wrong price, recorded by hand, out of an item's price history.",
                details: """
                Without --date: the price current at that store; with it, every price recorded by hand there that day. They \
                leave the history (prices, insights, exports); when one was the current price, the newest price left there (seen \
                or paid) is current again.

                A wrong price paid on a trip is corrected by reopening the trip (grock trip reopen). Undo brings the price back.
                """,
                examples: ["grock item forget-price Milk --store Aldi", "grock item forget-price Milk --store Aldi --date 2026-11-20"],
                options: [.required(.store), .optional(.date, "YYYY-MM-DD")]) { run in
            let day = try run.day(.date)
            try await itemStep(run) { try await $0.forgetPrice(run.argument(0), store: run.required(.store), day: day) }
        },
        Command("item show", usage: "grock item show ITEM",
                summary: "Show an item's prices at every store, normalised per kg, l or each, the cheapest marked.",
                examples: ["grock item show Milk", "grock --json item show Milk"]) { run in
            try await itemStep(run) { try await $0.show(run.argument(0)) }
        },
        Command("item history", usage: "grock item history ITEM",
                summary: "Show every price seen or paid for an item, with a sparkline.",
                examples: ["grock item history Milk", "grock --json item history Milk"]) { run in
            let vault = run.container.vault()
            try run.check(await vault.showHistory(run.argument(0)), vault)
            if run.json {
                return try run.console.json(vault.historyDocuments)
            }
            run.console.out(vault.render(run.style))
        },
        Command("item list", usage: "grock item list",
                summary: "Show the vault: categories in order with their items.",
                examples: ["grock item list", "grock item list --category Dairy"], options: [.optional(.category)]) { run in
            let vault = run.container.vault()
            try run.check(await vault.browse(category: run.value(.category)), vault)
            if run.json { return try run.console.json(vault.document.sections.flatMap(\.items)) }
            run.console.out(vault.render(run.style))
        },
        Command("item search", usage: "grock item search TEXT",
                summary: "Find items by name, ignoring case and accents.",
                examples: ["grock item search milk", "grock item search creme"]) { run in
            let vault = run.container.vault()
            try run.check(await vault.search(run.argument(0)), vault)
            if run.json { return try run.console.json(vault.resultDocuments) }
            run.console.out(vault.render(run.style))
        },
        Command("item rename", usage: "grock item rename ITEM NEW-NAME",
                summary: "Rename an item (and its lines on active carts).", examples: ["grock item rename Milk \"Whole milk\""]) { run in
            try await itemStep(run) { try await $0.renameItem(run.argument(0), to: run.argument(1)) }
        },
        Command("item move", usage: "grock item move ITEM", summary: "Move an item to another category.",
                examples: ["grock item move Butter --category Dairy"], options: [.required(.category)]) { run in
            try await itemStep(run) { try await $0.moveItem(run.argument(0), to: run.required(.category)) }
        },
        Command("item remove", usage: "grock item remove ITEM",
                summary: "Remove an item from the vault; cart lines and history keep its name.",
                examples: ["grock item remove Butter"]) { run in
            let vault = run.container.vault()
            try run.check(await vault.removeItem(run.argument(0)), vault)
            if !run.json { run.console.notice(vault.notice) }
        },
    ]

    /// How a price is measured: per a unit, or for a pack of a size.
    static let unitOrPack: OptionUsage = .optional(.either(.required(.unit), .required(.pack)))

    @MainActor
    static func itemStep(_ run: Invocation, _ step: (VaultViewModel) async throws -> Bool) async throws {
        let vault = run.container.vault()
        try run.check(await step(vault), vault)
        try run.show(vault, notice: vault.notice, document: vault.itemDocument) { vault.render(run.style) }
    }
}
