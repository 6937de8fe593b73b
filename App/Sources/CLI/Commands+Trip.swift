import Presentation

extension Commands {
    /// A trip: a cart from planning through shopping to history, and back.
    static let trip: [Command] = [
        Command("trip start", usage: "grock trip start CART",
                summary: "Start shopping: the cart goes from planning to shopping.", examples: ["grock trip start Weekly"]) { run in
            try await tripStep(run) { await $0.startTrip() }
        },
        Command("trip log", usage: "grock trip log CART ITEM",
                summary: "Log a purchase: mark a line bought at the price paid.",
                details: """
                --price is per what the line is priced per (cart show: x 13.50/kg), --qty is in the line's unit (a line of \
                200 g: --qty 250 for 250 g). The price defaults to the planned price, the store to the planned store, the \
                quantity to the planned quantity. Logging a bought line again with --price or --qty corrects it (the \
                rest stays as logged); without either it stays as logged, and nothing is stored (no step for undo). \
                --date YYYY-MM-DD [HH:MM] dates the trip (a receipt entered afterwards); a date in the future is refused.
                """,
                examples: ["grock trip log Weekly Milk --price 1.19", "grock trip log Weekly Bananas --price 1.89 --qty 1.25",
                           "grock trip log Weekly Milk --price 1.05 --date 2026-10-03"],
                options: [.optional(.price), .optional(.store), .optional(.qty), .optional(.date)]) { run in
            let quantity = try run.quantity(.qty)
            try await tripStep(run) {
                try await $0.log(run.argument(1), price: run.value(.price), store: run.value(.store), quantity: quantity,
                                 date: run.value(.date))
            }
        },
        Command("trip unlog", usage: "grock trip unlog CART ITEM", summary: "Take back a logged purchase.",
                examples: ["grock trip unlog Weekly Milk"]) { run in
            try await tripStep(run) { try await $0.unlog(run.argument(1)) }
        },
        Command("trip impulse", usage: "grock trip impulse CART NAME",
                summary: "Add something bought on impulse: on this cart only, never in the vault.",
                details: """
                Without --store it goes to the one store the trip has bought at, else the cart's only planned store; once \
                the trip has bought at several stores, --store is required.
                """,
                examples: ["grock trip impulse Weekly \"Dark chocolate\" --price 1.49",
                           "grock trip impulse Weekly Gum --price 0.99 --store Lidl"],
                options: [.required(.price), .optional(.qty), .optional(.store), .optional(.date)]) { run in
            let quantity = try run.quantity(.qty) ?? .one
            try await tripStep(run) {
                try await $0.addImpulse(run.argument(1), price: run.required(.price), quantity: quantity, store: run.value(.store),
                                        date: run.value(.date))
            }
        },
        Command("trip finish", usage: "grock trip finish CART",
                summary: "Finish the trip: the vault learns the prices paid and the cart becomes read-only history.",
                details: """
                --date YYYY-MM-DD [HH:MM] dates the trip (a receipt entered afterwards; not in the future): its month, and \
                the day its prices were seen. A reopened trip keeps its first date unless --date is given. The vault keeps \
                the newest price seen at each store. --carry-over OTHER puts the lines not bought on the planning cart \
                OTHER, made when missing; the finished cart keeps them as not bought.
                """,
                examples: ["grock trip finish Weekly", "grock trip finish Weekly --date 2026-10-03",
                           "grock trip finish Weekly --carry-over \"Next week\""],
                options: [.optional(.date), .optional(.carryOver)]) { run in
            let date = try run.value(.date), carryOver = try run.value(.carryOver)
            try await tripStep(run) { await $0.finishTrip(date: date, carryOver: carryOver) }
        },
        Command("trip abort", usage: "grock trip abort CART",
                summary: "Abort the trip: back to planning; logged purchases and impulse buys are dropped.",
                examples: ["grock trip abort Weekly"]) { run in
            try await tripStep(run) { await $0.abortTrip() }
        },
        Command("trip reopen", usage: "grock trip reopen CART",
                summary: "Reopen a completed cart to correct it; finishing again records the trip anew.",
                examples: ["grock trip reopen Weekly", "grock trip reopen Weekly@2026-10-03"]) { run in
            try await tripStep(run) { await $0.reopen() }
        },
    ]

    /// Runs `step` on the cart argument 0 names and prints the cart (`show`).
    @MainActor
    static func tripStep(_ run: Invocation, _ step: (CartDetailViewModel) async throws -> Bool) async throws {
        let cart = try run.container.cart(run.argument(0))
        try run.check(await step(cart), cart)
        try show(cart, run)
    }
}
