import Domain
import Observation

/// The cheapest plan for a cart: which store to buy each line at, the stores to visit, and
/// the saving against the current plan.
@MainActor @Observable
public final class PlanViewModel: ErrorState {
    public private(set) var plan: StorePlan?
    public private(set) var applied = false
    public internal(set) var errorMessage: String?
    public internal(set) var lastError: (any Error)?
    public internal(set) var warning: String?

    private let useCases: UseCases

    public init(useCases: UseCases) { self.useCases = useCases }

    /// Finds the plan, and sets it on the cart when `apply` is true.
    @discardableResult
    public func load(cart: String, maxStores: Int?, apply: Bool) async -> Bool {
        await perform {
            plan = try await useCases.planCheapestStores(cart: cart, maxStores: maxStores, apply: apply)
            applied = apply
        }
    }

    public var document: PlanDocument? { plan.map(PlanDocument.init) }

    public func render(_ style: RenderStyle = .plain) -> String {
        var lines = errorLine(style)
        guard let plan else { return TextBlocks.fit(lines, width: style.width) }
        let code = plan.cart.currency.code
        lines.append(style.bold("Cheapest plan for \(plan.cart.name)") + " (\(TextBlocks.plural(plan.stores.count, "store")): "
            + plan.stores.map(\.name).joined(separator: ", ") + ")")
        if plan.assignments.isEmpty { lines.append("  No line still to buy has a known price.") }
        for store in plan.stores {
            let rows = plan.assignments.filter { $0.store.id == store.id }
            lines.append("")
            let total = TextBlocks.money(plan.storeTotals[store.id])   // never cut: a long amount takes more room
            lines.append(style.bold(TextBlocks.pad(store.name, 60)) + TextBlocks.pad(total, max(12, total.count + 1), right: true))
            lines += TextBlocks.table(rows.map { row in
                let was = row.line.plannedStore == store.id ? "" : "was \(TextBlocks.money(row.currentCost))"
                return [row.line.name, "\(row.line.quantity) \(row.line.unit)", "x " + (row.price.basis == PriceUnit(row.line.unit) ? row.price.price.amountText : row.price.comparedText), row.cost.amountText, was]
            }, rightAligned: [2, 3], limits: [0: 30])
        }
        lines.append("")
        lines += TextBlocks.table([
            ["Plan total", "\(plan.total.amountText) \(code)", ""],
            ["Saving", "\(plan.saving.amountText) \(code)", "against \(plan.currentTotal.amountText) in the current plan"],
        ], rightAligned: [1], indent: 0)
        if !plan.unpriced.isEmpty {
            lines.append("No known price anywhere (not planned): " + plan.unpriced.map(\.name).joined(separator: ", "))
        }
        if !plan.notCovered.isEmpty {
            lines.append("Not sold at these stores (allow more with --max-stores): " + plan.notCovered.map(\.name).joined(separator: ", "))
        }
        lines.append(applied ? "Applied: the cart's lines are now planned at these stores."
            : "Nothing changed; add --apply to plan the cart this way.")
        return TextBlocks.fit(lines, width: style.width)
    }
}

/// A store plan as one JSON document.
public struct PlanDocument: Sendable, Hashable, Encodable {
    public struct Line: Sendable, Hashable, Encodable {
        public let item: String
        public let store: String
        public let quantity: String
        public let unit: String
        public let price: String
        public let cost: String
    }

    public let cart: String
    public let stores: [String]
    public let total: String
    public let currentTotal: String
    public let saving: String
    public let currency: String
    public let lines: [Line]
    public let unpriced: [String]
    public let notCovered: [String]

    public init(_ plan: StorePlan) {
        cart = plan.cart.name
        stores = plan.stores.map(\.name)
        total = plan.total.amountText
        currentTotal = plan.currentTotal.amountText
        saving = plan.saving.amountText
        currency = plan.cart.currency.code
        lines = plan.assignments.map {
            Line(item: $0.line.name, store: $0.store.name, quantity: $0.line.quantity.description, unit: $0.line.unit.rawValue,
                 price: $0.price.description, cost: $0.cost.amountText)
        }
        unpriced = plan.unpriced.map(\.name)
        notCovered = plan.notCovered.map(\.name)
    }
}
