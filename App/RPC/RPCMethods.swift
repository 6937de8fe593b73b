import Composition
import Domain
import Presentation

extension RPCMethod {
    /// Every method, in the order `rpc.discover` lists them.
    static let all: [RPCMethod] = [
        RPCMethod("rpc.discover", [],
            "These methods, with their parameters.") { container, params in
            OpenRPCDocument(methods: all.map(MethodDocument.init))
        },
        RPCMethod("home", [],
            "Active carts with their budgets, and this month's spending.") { container, params in
            let home = container.home()
            try check(await home.load(), home)
            return home.document
        },
        RPCMethod("setup", [.text("currency", required: false)],
            "First run: the default categories, and the currency (EUR unless given); what it did.") { container, params in
            let onboarding = container.onboarding()
            return try changed(onboarding, await onboarding.setUp(currency: try params.optionalText("currency")), onboarding.document.setup)
        },
        RPCMethod("settings.show", [],
            "The settings.") { container, params in
            let settings = container.settings()
            try check(await settings.load(), settings)
            return settings.document
        },
        RPCMethod("settings.currency", [.text("currency")],
            "Change the currency (an ISO code); amounts are relabelled, not converted.") { container, params in
            let settings = container.settings()
            return try changed(settings, await settings.changeCurrency(try params.text("currency")), settings.document)
        },
        RPCMethod("cart.list", [],
            "The active carts with their totals.") { container, params in
            let home = container.home()
            try check(await home.load(), home)
            return home.rows
        },
        RPCMethod("cart.show", [.text("cart")],
            "A cart by store and aisle, with its totals.") { container, params in
            let cart = container.cart(try params.text("cart"))
            return try document(of: cart, await cart.load())
        },
        RPCMethod("cart.new", [.text("cart"), .text("budget", required: false), .texts("items", required: false)],
            "Create a cart being planned; the cart.") { container, params in
            let cart = container.cart(try params.text("cart"))
            return try changed(cart, await cart.create(budget: try params.optionalText("budget"), items: try params.optionalTexts("items") ?? []))
        },
        RPCMethod("cart.add", [.text("cart"), .texts("items"), .text("quantity", required: false), .text("unit", required: false), .text("store", required: false)],
            "Put vault items on a cart; the cart.") { container, params in
            let cart = container.cart(try params.text("cart"))
            return try changed(cart, await cart.add(try params.texts("items"), quantity: try params.quantity("quantity") ?? .one,
                                                 unit: try params.unit("unit"), store: try params.optionalText("store")))
        },
        RPCMethod("cart.set", [.text("cart"), .text("item"), .text("quantity", required: false), .text("unit", required: false), .text("store", required: false)],
            "Change a line's quantity, unit or store; the cart.") { container, params in
            let cart = container.cart(try params.text("cart"))
            guard params.values["quantity"] != nil || params.values["unit"] != nil || params.values["store"] != nil else {
            throw RPCFailure(code: -32602, message: "give quantity, unit or store")
            }
            return try changed(cart, await cart.setLine(try params.text("item"), quantity: try params.quantity("quantity"), unit: try params.unit("unit"),
                                                    store: try params.optionalText("store")))
        },
        RPCMethod("cart.remove", [.text("cart"), .text("item")],
            "Take a line off a cart; the cart.") { container, params in
            let cart = container.cart(try params.text("cart"))
            return try changed(cart, await cart.remove(try params.text("item")))
        },
        RPCMethod("cart.rename", [.text("cart"), .text("name")],
            "Rename a cart being planned or shopped; the cart.") { container, params in
            let cart = container.cart(try params.text("cart"))
            return try changed(cart, await cart.edit(name: try params.text("name"), budget: nil))
        },
        RPCMethod("cart.budget", [.text("cart"), .textOrNull("budget")],
            "Set a cart's budget, or remove it with null; the cart.") { container, params in
            guard let budget = params.values["budget"] else { throw RPCFailure(code: -32602, message: "budget is required (null removes it)") }
            let cart = container.cart(try params.text("cart"))
            return try changed(cart, await cart.edit(name: nil, budget: .some(budget == .null ? nil : try params.text("budget"))))
        },
        RPCMethod("cart.delete", [.text("cart")],
            "Delete a cart, whatever its status (undo brings it back); what was done.") { container, params in
            let cart = container.cart(try params.text("cart"))
            return try changed(cart, await cart.delete(), NoticeDocument(notice: cart.notice))
        },
        RPCMethod("trip.start", [.text("cart")],
            "Start shopping a cart; the cart.") { container, params in
            let cart = container.cart(try params.text("cart"))
            return try changed(cart, await cart.startTrip())
        },
        RPCMethod("trip.log", [.text("cart"), .text("item"), .text("price", required: false), .text("store", required: false), .text("quantity", required: false), .text("date", required: false)],
            "Mark a line bought; the cart and any warnings.") { container, params in
            let cart = container.cart(try params.text("cart"))
            return try changed(cart, await cart.log(try params.text("item"), price: try params.optionalText("price"), store: try params.optionalText("store"),
                                                 quantity: try params.quantity("quantity"), date: try params.optionalText("date")))
        },
        RPCMethod("trip.unlog", [.text("cart"), .text("item")],
            "Take back a logged purchase; the cart.") { container, params in
            let cart = container.cart(try params.text("cart"))
            return try changed(cart, await cart.unlog(try params.text("item")))
        },
        RPCMethod("trip.impulse", [.text("cart"), .text("name"), .text("price"), .text("quantity", required: false), .text("store", required: false), .text("date", required: false)],
            "Add an impulse buy; the cart.") { container, params in
            let cart = container.cart(try params.text("cart"))
            return try changed(cart, await cart.addImpulse(try params.text("name"), price: try params.text("price"), quantity: try params.quantity("quantity") ?? .one,
                                                       store: try params.optionalText("store"), date: try params.optionalText("date")))
        },
        RPCMethod("trip.finish", [.text("cart"), .text("date", required: false), .text("carryOver", required: false)],
            "Finish the trip; the completed cart.") { container, params in
            let cart = container.cart(try params.text("cart"))
            return try changed(cart, await cart.finishTrip(date: try params.optionalText("date"), carryOver: try params.optionalText("carryOver")))
        },
        RPCMethod("trip.abort", [.text("cart")],
            "Back to planning, purchases dropped; the cart.") { container, params in
            let cart = container.cart(try params.text("cart"))
            return try changed(cart, await cart.abortTrip())
        },
        RPCMethod("trip.reopen", [.text("cart")],
            "Reopen a completed trip to correct it; the cart.") { container, params in
            let cart = container.cart(try params.text("cart"))
            return try changed(cart, await cart.reopen())
        },
        RPCMethod("store.list", [],
            "The stores.") { container, params in
            let stores = container.stores()
            try check(await stores.load(), stores)
            return stores.documents
        },
        RPCMethod("store.add", [.text("name")],
            "Add a store; the stores.") { container, params in
            let stores = container.stores()
            try check(await stores.add(try params.text("name")), stores)
            try check(await stores.load(), stores)
            return stores.documents
        },
        RPCMethod("store.rename", [.text("store"), .text("name")],
            "Rename a store; the stores.") { container, params in
            let stores = container.stores()
            return try changed(stores, await stores.rename(try params.text("store"), to: try params.text("name")), stores.documents)
        },
        RPCMethod("store.remove", [.text("store")],
            "Remove a store and its prices; the stores.") { container, params in
            let stores = container.stores()
            return try changed(stores, await stores.remove(try params.text("store")), stores.documents)
        },
        RPCMethod("store.aisles", [.text("store"), .texts("categories", required: false)],
            "A store's aisle order, set first when categories are given.") { container, params in
            let stores = container.stores()
            let categories = try params.optionalTexts("categories") ?? []
            let succeeded = await stores.aisles(of: try params.text("store"), set: categories)
            if categories.isEmpty {
            try check(succeeded, stores)
            return stores.aislesDocument
            }
            return try changed(stores, succeeded, stores.aislesDocument)
        },
        RPCMethod("category.list", [],
            "The categories in order, with how many items each holds.") { container, params in
            let vault = container.vault()
            try check(await vault.listCategories(), vault)
            return vault.categoryDocuments
        },
        RPCMethod("category.add", [.text("name")],
            "Add a category at the end of the order; the categories.") { container, params in
            let vault = container.vault()
            return try changed(vault, await vault.addCategory(try params.text("name")), vault.categoryDocuments)
        },
        RPCMethod("category.rename", [.text("category"), .text("name")],
            "Rename a category; the categories.") { container, params in
            let vault = container.vault()
            return try changed(vault, await vault.renameCategory(try params.text("category"), to: try params.text("name")), vault.categoryDocuments)
        },
        RPCMethod("category.move", [.text("category"), .integer("position")],
            "Move a category to a position, 1 first; the categories.") { container, params in
            let vault = container.vault()
            guard let position = try params.count("position") else { throw RPCFailure(code: -32602, message: "position is required") }
            return try changed(vault, await vault.moveCategory(try params.text("category"), to: position), vault.categoryDocuments)
        },
        RPCMethod("category.remove", [.text("category")],
            "Remove an empty category; the categories.") { container, params in
            let vault = container.vault()
            return try changed(vault, await vault.removeCategory(try params.text("category")), vault.categoryDocuments)
        },
        RPCMethod("item.list", [.text("category", required: false)],
            "The vault: categories in order with their items and prices.") { container, params in
            let vault = container.vault()
            try check(await vault.browse(category: try params.optionalText("category")), vault)
            return vault.document.sections
        },
        RPCMethod("item.search", [.text("text")],
            "Vault items whose name matches, with their prices.") { container, params in
            let vault = container.vault()
            try check(await vault.search(try params.text("text")), vault)
            return vault.resultDocuments
        },
        RPCMethod("item.show", [.text("item")],
            "An item's prices at every store, normalised.") { container, params in
            let vault = container.vault()
            try check(await vault.show(try params.text("item")), vault)
            return vault.itemDocument
        },
        RPCMethod("item.history", [.text("item")],
            "Every price seen or paid for an item, oldest first.") { container, params in
            let vault = container.vault()
            try check(await vault.showHistory(try params.text("item")), vault)
            return vault.historyDocuments
        },
        RPCMethod("item.add", [.text("name"), .text("category"), .text("price", required: false), .text("store", required: false), .text("unit", required: false), .text("pack", required: false)],
            "Add an item to the vault; the item and any warnings.") { container, params in
            let vault = container.vault()
            try check(await vault.addItem(try params.text("name"), category: try params.text("category"), price: try params.optionalText("price"),
                                      store: try params.optionalText("store"), unit: try params.unit("unit"),
                                      pack: try params.optionalText("pack").map(PackSize.init(parsing:))), vault)
            return Warned(value: vault.itemDocument, warnings: vault.warnings)
        },
        RPCMethod("item.price", [.text("item"), .text("store"), .text("price"), .text("unit", required: false), .text("pack", required: false), .text("date", required: false)],
            "Record a price seen at a store; the item and any warnings.") { container, params in
            let vault = container.vault()
            try check(await vault.setPrice(try params.text("item"), store: try params.text("store"), price: try params.text("price"),
                                       unit: try params.unit("unit"), pack: try params.optionalText("pack").map(PackSize.init(parsing:)),
                                       promotion: false, until: nil, date: try params.optionalText("date")), vault)
            return Warned(value: vault.itemDocument, warnings: vault.warnings)
        },
        RPCMethod("item.forget", [.text("item"), .text("store"), .text("date", required: false)],
            "Take a price recorded by hand out of the history (the one seen on date, else the current one); the item.") { container, params in
            let vault = container.vault()
            let date = try params.optionalText("date")
            let day = try date.map { text in
            guard let day = Day(iso: text) else { throw RPCFailure(code: -32602, message: "date is a day, YYYY-MM-DD") }
            return day
            }
            return try changed(vault, await vault.forgetPrice(try params.text("item"), store: try params.text("store"), day: day), vault.itemDocument)
        },
        RPCMethod("item.rename", [.text("item"), .text("name")],
            "Rename an item (and its lines on active carts); the item.") { container, params in
            let vault = container.vault()
            return try changed(vault, await vault.renameItem(try params.text("item"), to: try params.text("name")), vault.itemDocument)
        },
        RPCMethod("item.move", [.text("item"), .text("category")],
            "Move an item to another category; the item.") { container, params in
            let vault = container.vault()
            return try changed(vault, await vault.moveItem(try params.text("item"), to: try params.text("category")), vault.itemDocument)
        },
        RPCMethod("item.remove", [.text("item")],
            "Remove an item from the vault; what was done.") { container, params in
            let vault = container.vault()
            return try changed(vault, await vault.removeItem(try params.text("item")), NoticeDocument(notice: vault.notice))
        },
        RPCMethod("plan", [.text("cart"), .integer("maxStores", required: false), .flag("apply", required: false)],
            "The cheapest stores for a cart's lines, applied when apply is true.") { container, params in
            let plan = container.plan()
            try check(await plan.load(cart: try params.text("cart"), maxStores: try params.count("maxStores"), apply: try params.flag("apply")), plan)
            return plan.document
        },
        RPCMethod("history", [],
            "The completed trips, newest first.") { container, params in
            let history = container.history()
            try check(await history.load(), history)
            return history.rows
        },
        RPCMethod("insights", [.text("from", required: false), .text("to", required: false)],
            "Spending by month, store and category, price changes, inflation.") { container, params in
            let insights = container.insights()
            try check(await insights.load(from: try params.optionalText("from"), to: try params.optionalText("to")), insights)
            return insights.document
        },
        RPCMethod("report", [],
            "The spending report's figures: the insights, and the prices of the items spent most on.") { container, params in
            let report = container.report()
            try check(await report.load(), report)
            return report.document
        },
        RPCMethod("sync", [],
            "Exchange changes with the household now: send this device's, merge the others'; what was sent, received and refused.") { container, params in
            return SyncReportDocument(try await household(container).exchange())
        },
        RPCMethod("sync.status", [],
            "The household's devices, what each has sent and this one merged, and changes waiting to be sent.") { container, params in
            return SyncStatusDocument(try await household(container).status())
        },
        RPCMethod("export", [.text("format")],
            "The data as text ({format, text}): json a complete backup (as grock import reads it), csv one row per purchase, ledger a journal.") { container, params in
            let format = try params.text("format").lowercased()
            let transfer = container.transfer()
            let bytes: [UInt8]
            if format == "json" {
            bytes = try await transfer.backup()
            } else if let text = Transfer.TextFormat(rawValue: format) {
            bytes = try await transfer.text(text)
            } else {
            throw RPCFailure(code: -32602, message: "format takes json, csv or ledger, not \(Echo.quoted(format))")
            }
            return ExportDocument(format: format, text: String(decoding: bytes, as: UTF8.self))
        },
        RPCMethod("undo", [],
            "Take back the last change; what it was.") { container, params in
            return UndoDocument(undid: try await container.useCases.undoLastChange())
        },
        RPCMethod("receipt.review", [.text("text"), .text("cart", required: false), .text("store", required: false), .text("date", required: false)],
            "Read a receipt's text and match its lines; the review, nothing stored.") { container, params in
            return try await receipt("receipt.review", params, container)
        },
        RPCMethod("receipt.apply", [.text("text"), .text("cart", required: false), .text("store", required: false), .text("date", required: false), .objects("decisions", required: false), .flag("acceptDifference", required: false), .flag("dryRun", required: false)],
            "Log a receipt as one change, each line as decided ([{line, decision: item|newItem|impulse|skip, item?, category?, name?}]); the review and what was logged.") { container, params in
            return try await receipt("receipt.apply", params, container)
        },    ]

    @MainActor
    private static func household(_ container: AppContainer) throws -> Household {
        guard let household = container.household() else {
            throw RPCFailure(RPCRefusal(description: "sync needs a data directory, not --in-memory"))
        }
        return household
    }

    @MainActor
    private static func document(of cart: CartDetailViewModel, _ succeeded: Bool) throws -> CartDocument? {
        try check(succeeded, cart)
        return cart.document
    }

    /// A change's result: the cart, and what to warn of (a price that looks like a slip; the
    /// change saved but the cart not shown, when `value` is null).
    @MainActor
    private static func changed(_ cart: CartDetailViewModel, _ succeeded: Bool) throws -> Warned<CartDocument?> {
        try changed(cart, succeeded, cart.document)
    }

    /// A change's result: `value`, the model's state after it, and what to warn of; `value` is
    /// null when the change was saved but could not be shown.
    @MainActor
    private static func changed<Value: Encodable & Sendable>(_ model: some IntentOutcome, _ succeeded: Bool, _ value: @autoclosure () -> Value?) throws
        -> Warned<Value?> {
        try check(succeeded, model)
        return Warned(value: model.warning == nil ? value() : nil, warnings: model.warnings)
    }

    /// Throws the intent's error as an RPC failure of its kind.
    @MainActor
    static func check(_ succeeded: Bool, _ model: some IntentOutcome) throws {
        guard !succeeded else { return }
        throw model.lastError.map(RPCFailure.init) ?? RPCFailure(code: -32003, message: "the request failed")
    }
}
