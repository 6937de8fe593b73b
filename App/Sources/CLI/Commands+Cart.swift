import Domain
import Presentation
import Terminal

extension Commands {
    static let cart: [Command] = [
        Command("cart new", usage: "grock cart new NAME",
                summary: "Create a cart to plan, optionally with a budget and items from the vault.",
                details: "Each --item puts one of that vault item on the cart, planned at its cheapest store.\nA budget is at most 1000000.00.",
                examples: ["grock cart new Weekly --budget 120.00", "grock cart new Party --item Chips --item Soda"],
                options: [.optional(.budget), .repeated(.item)], arguments: 1...1) { run in
            let cart = try run.container.cart(run.argument(0))
            try run.check(await cart.create(budget: run.value(.budget), items: run.values(.item)), cart)
            try show(cart, run)
        },
        Command("cart list", usage: "grock cart list", summary: "List the active carts (planning and shopping).", examples: ["grock cart list", "grock --json cart list"]) { run in
            let home = run.container.home()
            try run.check(await home.load(), home)
            if run.json { return try run.console.json(home.rows) }
            run.console.out(home.rows.isEmpty ? "No active carts." : home.rows.flatMap { CartListText.lines($0, run.style) }.joined(separator: "\n"))
        },
        Command("cart show", usage: "grock cart show CART",
                summary: "Show a cart: by store in aisle order while planning, with check-boxes while shopping.",
                details: "CART is a cart's name or the start of its id; a completed cart can be shown too, and an older\ntrip of a name used again by NAME@YYYY-MM-DD, the day it was finished.",
                examples: ["grock cart show Weekly", "grock cart show Weekly@2026-10-03", "grock --json cart show Weekly"], arguments: 1...1) { run in
            let cart = try run.container.cart(run.argument(0))
            try run.check(await cart.load(), cart)
            try show(cart, run)
        },
        Command("cart delete", usage: "grock cart delete CART", summary: "Delete a cart, whatever its status (grock undo brings it back).", examples: ["grock cart delete Party"],
                arguments: 1...1) { run in
            let cart = try run.container.cart(run.argument(0))
            try run.check(await cart.delete(), cart)
            run.console.out(cart.notice ?? "")
        },
        Command("cart rename", usage: "grock cart rename CART NEW-NAME", summary: "Rename a cart being planned or shopped.", examples: ["grock cart rename Weekly \"Big shop\""],
                arguments: 2...2) { run in
            let cart = try run.container.cart(run.argument(0))
            try run.check(await cart.edit(name: run.argument(1), budget: nil), cart)
            try show(cart, run)
        },
        Command("cart budget", usage: "grock cart budget CART", summary: "Set or remove a cart's budget.",
                examples: ["grock cart budget Weekly 80", "grock cart budget Weekly --none"], options: [.either(.argument("AMOUNT"), .required(.none))], arguments: 1...2) { run in
            let cart = try run.container.cart(run.argument(0))
            // The declaration has seen to it that exactly one of AMOUNT and --none is given.
            try run.check(await cart.edit(name: nil, budget: .some(run.arguments.count == 2 ? run.argument(1) : nil)), cart)
            try show(cart, run)
        },
        Command("cart add", usage: "grock cart add CART ITEM...",
                summary: "Put vault items on a cart; an item already on it gets the quantity added.",
                details: "The quantity is in --unit, by default the item's own unit (the one it is sold by), whatever\nthe store prices it per: --qty 250 --unit g of an item priced 9.16/kg at Aldi costs 2.29.\nWithout --store each item is planned at the store where it is cheapest today (compared per\nkg, l or each) among those whose price converts; a store that prices it per something else\n(a line in kg, a price per each) is refused. A line holds at most 100000 (--qty, and the\nquantities added up, converted into the line's unit).",
                examples: ["grock cart add Weekly Milk --qty 2", "grock cart add Weekly Coffee --qty 250 --unit g",
                           "grock cart add Weekly Bread Eggs Butter --store Lidl"],
                options: lineOptions, arguments: 2...200) { run in
            let cart = try run.container.cart(run.argument(0))
            try run.check(await cart.add(Array(run.arguments.dropFirst()), quantity: try run.quantity(.qty) ?? .one, unit: try run.unit(),
                                         store: run.value(.store)), cart)
            try show(cart, run)
        },
        Command("cart set", usage: "grock cart set CART ITEM",
                summary: "Change a line's quantity, unit or store (the planned price follows the store).",
                details: "--unit alone converts the quantity (1.2 kg becomes 1200 g; 1 lb has no exact kg, so give\n--qty too). A new store keeps the line's quantity and unit and converts its price; one that\nprices the item per something the line's unit is not (kg and each) is refused.",
                examples: ["grock cart set Weekly Bananas --qty 1.5", "grock cart set Weekly Bananas --unit g",
                           "grock cart set Weekly Milk --store Aldi"],
                options: lineOptions, arguments: 2...2) { run in
            guard try run.has(.qty) || run.has(.store) || run.has(.unit) else { throw UsageError("give --qty, --unit or --store") }
            let cart = try run.container.cart(run.argument(0))
            try run.check(await cart.setLine(run.argument(1), quantity: try run.quantity(.qty), unit: try run.unit(),
                                             store: run.value(.store)), cart)
            try show(cart, run)
        },
        Command("cart remove", usage: "grock cart remove CART ITEM", summary: "Take a line off a cart.", examples: ["grock cart remove Weekly Eggs"], arguments: 2...2) { run in
            let cart = try run.container.cart(run.argument(0))
            try run.check(await cart.remove(run.argument(1)), cart)
            try show(cart, run)
        },
    ]

    static let trip: [Command] = [
        Command("trip start", usage: "grock trip start CART", summary: "Start shopping: the cart goes from planning to shopping.", examples: ["grock trip start Weekly"],
                arguments: 1...1) { run in try await tripStep(run) { await $0.startTrip() } },
        Command("trip log", usage: "grock trip log CART ITEM",
                summary: "Log a purchase: mark a line bought at the price paid.",
                details: "--price is per what the line is priced per (cart show: x 13.50/kg), --qty is in the line's\nunit (a line of 200 g: --qty 250 for 250 g). The price defaults to the planned price, the\nstore to the planned store, the quantity to the planned quantity. Logging a line again\ncorrects it. --date YYYY-MM-DD [HH:MM] dates\nthe trip (a receipt entered afterwards); a date in the future is refused.",
                examples: ["grock trip log Weekly Milk --price 1.19", "grock trip log Weekly Bananas --price 1.89 --qty 1.25",
                           "grock trip log Weekly Milk --price 1.05 --date 2026-10-03"],
                options: [.optional(.price), .optional(.store), .optional(.qty), .optional(.date)], arguments: 2...2) { run in
            let quantity = try run.quantity(.qty)
            try await tripStep(run) {
                try await $0.log(run.argument(1), price: run.value(.price), store: run.value(.store), quantity: quantity, date: run.value(.date))
            }
        },
        Command("trip unlog", usage: "grock trip unlog CART ITEM", summary: "Take back a logged purchase.", examples: ["grock trip unlog Weekly Milk"], arguments: 2...2) { run in
            try await tripStep(run) { try await $0.unlog(run.argument(1)) }
        },
        Command("trip impulse", usage: "grock trip impulse CART NAME",
                summary: "Add something bought on impulse: on this cart only, never in the vault.",
                details: "Without --store it goes to the one store the trip has bought at, else the cart's only planned store; once the trip has bought at several stores, --store is required.",
                examples: ["grock trip impulse Weekly \"Dark chocolate\" --price 1.49", "grock trip impulse Weekly Gum --price 0.99 --store Lidl"],
                options: [.required(.price), .optional(.qty), .optional(.store), .optional(.date)],
                arguments: 2...2) { run in
            let quantity = try run.quantity(.qty) ?? .one
            try await tripStep(run) {
                try await $0.addImpulse(run.argument(1), price: run.required(.price), quantity: quantity, store: run.value(.store), date: run.value(.date))
            }
        },
        Command("trip finish", usage: "grock trip finish CART",
                summary: "Finish the trip: the vault learns the prices paid and the cart becomes read-only history.",
                details: "--date YYYY-MM-DD [HH:MM] dates the trip (a receipt entered afterwards; not in the future):\nits month, and the day its prices were seen. A reopened trip keeps its first date unless\n--date is given. The vault keeps the newest price seen at each store. --carry-over OTHER\nputs the lines not bought on the planning cart OTHER, made when missing; the finished cart\nkeeps them as not bought.",
                examples: ["grock trip finish Weekly", "grock trip finish Weekly --date 2026-10-03", "grock trip finish Weekly --carry-over \"Next week\""],
                options: [.optional(.date), .optional(.carryOver)], arguments: 1...1) { run in
            let date = try run.value(.date), carryOver = try run.value(.carryOver)
            try await tripStep(run) { await $0.finishTrip(date: date, carryOver: carryOver) }
        },
        Command("trip abort", usage: "grock trip abort CART",
                summary: "Abort the trip: back to planning; logged purchases and impulse buys are dropped.", examples: ["grock trip abort Weekly"],
                arguments: 1...1) { run in try await tripStep(run) { await $0.abortTrip() } },
        Command("trip reopen", usage: "grock trip reopen CART",
                summary: "Reopen a completed cart to correct it; finishing again records the trip anew.",
                examples: ["grock trip reopen Weekly", "grock trip reopen Weekly@2026-10-03"],
                arguments: 1...1) { run in try await tripStep(run) { await $0.reopen() } },
    ]

    /// What a cart line is changed by: its quantity, its unit and its store.
    static let lineOptions: [OptionUsage] = [.optional(.qty), .optional(.unit), .optional(.store)]

    @MainActor
    static func tripStep(_ run: Invocation, _ step: (CartDetailViewModel) async throws -> Bool) async throws {
        let cart = try run.container.cart(run.argument(0))
        try run.check(await step(cart), cart)
        try show(cart, run)
    }

    /// Prints a cart after a command: its JSON document, or the notice and the cart screen.
    @MainActor
    static func show(_ cart: CartDetailViewModel, _ run: Invocation) throws {
        try run.show(cart, notice: cart.notice, document: cart.document) { (cart.notice == nil ? "" : "\n") + cart.render(run.style) }
    }
}
