import Composition
import Domain
import Presentation

// Every method in the order `rpc.discover` lists them (`RPCMethod.all`), and the families with
// no file of their own: the general ones, spending, the data as a whole, and the receipt's
// declarations (answered in `RPCMethod+Receipt.swift`).

extension RPCMethod {
    /// Every method, in the order `rpc.discover` lists them: each family's in its own list, the
    /// carts' and trips' in `RPCMethod+Carts.swift`, the vault's in `RPCMethod+Vault.swift`.
    static let all: [RPCMethod] = generalMethods + cartMethods + tripMethods + storeMethods + categoryMethods + itemMethods
        + spendingMethods + dataMethods + receiptMethods

    /// The methods themselves, the home screen, the first run and the settings.
    static let generalMethods: [RPCMethod] = [
        RPCMethod("rpc.discover",
            "These methods, with their parameters.") { _ in
            OpenRPCDocument(methods: all.map(MethodDocument.init))
        },
        RPCMethod("home",
            "Active carts with their budgets, and this month's spending.") { container in
            let home = container.home()
            try check(await home.load(), home)
            return home.document
        },
        RPCMethod("setup",
            "First run: the default categories, and the currency (EUR unless given); what it did.",
            takes: SetupParameters.self) { container, params in
            let onboarding = container.onboarding()
            return try changed(onboarding, await onboarding.setUp(currency: try params.currency.map { try Currency(code: $0) }),
                               onboarding.document.setup)
        },
        RPCMethod("settings.show",
            "The settings.") { container in
            let settings = container.settings()
            try check(await settings.load(), settings)
            return settings.document
        },
        RPCMethod("settings.currency",
            "Change the currency (an ISO code); amounts are relabelled, not converted.", takes: CurrencyChange.self) { container, params in
            let settings = container.settings()
            return try changed(settings, await settings.changeCurrency(try Currency(code: params.currency)), settings.document)
        },
    ]

    /// A cart's cheapest plan, and what was spent: the history, the insights, the report.
    static let spendingMethods: [RPCMethod] = [
        RPCMethod("plan",
            "The cheapest stores for a cart's lines, applied when apply is true.", takes: PlanParameters.self) { container, params in
            let plan = container.plan()
            try check(await plan.load(cart: params.cart, maxStores: params.maxStores?.value, apply: params.apply ?? false), plan)
            return plan.document
        },
        RPCMethod("history",
            "The completed trips, newest first.") { container in
            let history = container.history()
            try check(await history.load(), history)
            return history.rows
        },
        RPCMethod("insights",
            "Spending by month, store and category, price changes, inflation.", takes: Period.self) { container, params in
            let insights = container.insights()
            try check(await insights.load(from: params.from, to: params.to), insights)
            return insights.document
        },
        RPCMethod("report",
            "The spending report's figures: the insights, and the prices of the items spent most on.") { container in
            let report = container.report()
            try check(await report.load(), report)
            return report.document
        },
    ]

    /// The data as a whole: the household's sync, the export, undo.
    static let dataMethods: [RPCMethod] = [
        RPCMethod("sync",
            "Exchange changes with the household now: send this device's, merge the others'; "
                + "what was sent, received and refused.") { container in
            return SyncReportDocument(try await household(container).exchange())
        },
        RPCMethod("sync.status",
            "The household's devices, what each has sent and this one merged, and changes waiting to be sent.") { container in
            return SyncStatusDocument(try await household(container).status())
        },
        RPCMethod("export",
            "The data as text ({format, text}): json a complete backup (as grock import reads it), csv one row per purchase, "
                + "ledger a journal.",
            takes: Export.self) { container, params in
            let format = params.format.lowercased()
            let transfer = container.transfer()
            let bytes: [UInt8]
            if format == "json" {
                bytes = try await transfer.backup()
            } else if let text = Transfer.TextFormat(rawValue: format) {
                bytes = try await transfer.text(text)
            } else {
                throw RPCFailure(code: .invalidParams, message: "format takes json, csv or ledger, not \(Echo.quoted(format))")
            }
            return ExportDocument(format: format, text: String(decoding: bytes, as: UTF8.self))
        },
        RPCMethod("undo",
            "Take back the last change; what it was.") { container in
            return UndoDocument(undid: try await container.useCases.undoLastChange())
        },
    ]

    /// A receipt read and logged (`RPCMethod+Receipt.swift`).
    static let receiptMethods: [RPCMethod] = [
        RPCMethod("receipt.review",
            "Read a receipt's text and match its lines; the review, nothing stored.", takes: ReceiptReview.self) { container, params in
            return try await receipt(params, applying: nil, container)
        },
        RPCMethod("receipt.apply",
            "Log a receipt as one change, each line as decided ([{line, decision: item|newItem|impulse|skip, item?, category?, name?}]);"
                + " the review and what was logged.",
            takes: ReceiptApplication.self) { container, params in
            return try await receipt(params.review, applying: params, container)
        },
    ]
}
