import Presentation
import Terminal

extension Commands {
    /// Carts being planned: made, listed, shown, renamed, budgeted, and their lines.
    static let cart: [Command] = [
        Command("cart new", usage: "grock cart new NAME",
                summary: "Create a cart to plan, optionally with a budget and items from the vault.",
                details: "Each --item puts one of that vault item on the cart, "
                             + "planned at its cheapest store. A budget is at most 1000000.00.",
                examples: ["grock cart new Weekly --budget 120.00", "grock cart new Party --item Chips --item Soda"],
                options: [.optional(.budget), .repeated(.item)]) { run in
            let cart = try run.container.cart(run.argument(0))
            try run.check(await cart.create(budget: run.value(.budget), items: run.values(.item)), cart)
            try show(cart, run)
        },
        Command("cart list", usage: "grock cart list",
                summary: "List the active carts (planning and shopping).", examples: ["grock cart list", "grock --json cart list"]) { run in
            let home = run.container.home()
            try run.check(await home.load(), home)
            // The list's JSON is an array of rows; a cart whose totals cannot be worked out has
            // none, so it is named on stderr instead of being left out unsaid.
            if run.json {
                for damaged in home.damagedCarts { run.console.warningDocument("left out: " + damagedLine(damaged)) }
                return try run.console.json(home.rows)
            }
            let lines = home.rows.map(listLine) + home.damagedCarts.map(damagedLine)
            run.console.out(lines.isEmpty ? "No active carts." : lines.joined(separator: "\n"))
        },
        Command("cart show", usage: "grock cart show CART",
                summary: "Show a cart: by store in aisle order while planning, with check-boxes while shopping.",
                details: """
                CART is a cart's name or the start of its id; a completed cart can be shown too, and an older trip of a name \
                used again by NAME@YYYY-MM-DD, the day it was finished.
                """,
                examples: ["grock cart show Weekly", "grock cart show Weekly@2026-10-03", "grock --json cart show Weekly"]) { run in
            let cart = try run.container.cart(run.argument(0))
            try run.check(await cart.load(), cart)
            try show(cart, run)
        },
        Command("cart delete", usage: "grock cart delete CART",
                summary: "Delete a cart, whatever its status (grock undo brings it back).", examples: ["grock cart delete Party"]) { run in
            let cart = try run.container.cart(run.argument(0))
            try run.check(await cart.delete(), cart)
            run.console.out(cart.notice ?? "")
        },
        Command("cart rename", usage: "grock cart rename CART NEW-NAME",
                summary: "Rename a cart being planned or shopped.", examples: ["grock cart rename Weekly \"Big shop\""]) { run in
            let cart = try run.container.cart(run.argument(0))
            try run.check(await cart.edit(name: run.argument(1), budget: nil), cart)
            try show(cart, run)
        },
        Command("cart budget", usage: "grock cart budget CART", summary: "Set or remove a cart's budget.",
                examples: ["grock cart budget Weekly 80", "grock cart budget Weekly --none"],
                options: [.either(.argument("AMOUNT"), .required(.none))]) { run in
            let cart = try run.container.cart(run.argument(0))
            // The declaration has seen to it that exactly one of AMOUNT and --none is given.
            try run.check(await cart.edit(name: nil, budget: .some(run.arguments.count == 2 ? run.argument(1) : nil)), cart)
            try show(cart, run)
        },
        Command("cart add", usage: "grock cart add CART ITEM...",
                summary: "Put vault items on a cart; an item already on it gets the quantity added.",
                details: """
                The quantity is in --unit, by default the item's own unit (the one it is sold by), whatever the store prices it \
                per: --qty 250 --unit g of an item priced 9.16/kg at Aldi costs 2.29.

                Without --store each item is planned at the store where it is cheapest today (compared per kg, l or each) among \
                those whose price converts; a store that prices it per something else (a line in kg, a price per each) is \
                refused. A line holds at most 100000 (--qty, and the quantities added up, converted into the line's unit).
                """,
                examples: ["grock cart add Weekly Milk --qty 2", "grock cart add Weekly Coffee --qty 250 --unit g",
                           "grock cart add Weekly Bread Eggs Butter --store Lidl"],
                options: lineOptions) { run in
            let cart = try run.container.cart(run.argument(0))
            try run.check(await cart.add(Array(run.arguments.dropFirst()), quantity: try run.quantity(.qty) ?? .one, unit: try run.unit(),
                                         store: run.value(.store)), cart)
            try show(cart, run)
        },
        Command("cart set", usage: "grock cart set CART ITEM",
                summary: "Change a line's quantity, unit or store (the planned price follows the store).",
                details: """
                --unit alone converts the quantity (1.2 kg becomes 1200 g; 1 lb has no exact kg, so give --qty too). A new \
                store keeps the line's quantity and unit and converts its price; one that prices the item per something the \
                line's unit is not (kg and each) is refused.
                """,
                examples: ["grock cart set Weekly Bananas --qty 1.5", "grock cart set Weekly Bananas --unit g",
                           "grock cart set Weekly Milk --store Aldi"],
                options: lineOptions) { run in
            guard try run.has(.qty) || run.has(.store) || run.has(.unit) else { throw UsageError("give --qty, --unit or --store") }
            let cart = try run.container.cart(run.argument(0))
            try run.check(await cart.setLine(run.argument(1), quantity: try run.quantity(.qty), unit: try run.unit(),
                                             store: run.value(.store)), cart)
            try show(cart, run)
        },
        Command("cart remove", usage: "grock cart remove CART ITEM", summary: "Take a line off a cart.",
                examples: ["grock cart remove Weekly Eggs"]) { run in
            let cart = try run.container.cart(run.argument(0))
            try run.check(await cart.remove(run.argument(1)), cart)
            try show(cart, run)
        },
    ]

    /// A cart as a line of `cart list`.
    private static func listLine(_ cart: CartRow) -> String {
        "\(cart.name)  [\(cart.status.rawValue)]  \(cart.id.prefix(8))  created \(cart.created)  planned \(cart.plannedTotal)  spent "
            + "\(cart.actualTotal)"
            + (cart.budget.map { "  budget \($0)" } ?? "")
    }

    /// `Party  [planning]  1a2b3c4d  its totals cannot be worked out: …`.
    private static func damagedLine(_ cart: DamagedCart) -> String {
        "\(cart.name)  [\(cart.status.rawValue)]  \(cart.id.prefix(8))  its totals cannot be worked out: \(cart.problem)"
    }

    /// What a cart line is changed by: its quantity, its unit and its store.
    static let lineOptions: [OptionUsage] = [.optional(.qty), .optional(.unit), .optional(.store)]

    /// Prints a cart after a command: its JSON document, or the notice and the cart screen.
    @MainActor
    static func show(_ cart: CartDetailViewModel, _ run: Invocation) throws {
        try run.show(cart, notice: cart.notice, document: cart.document) { (cart.notice == nil ? "" : "\n") + cart.render(run.style) }
    }
}
