import Domain

/// What an intent did, as a value a front can switch on (`case .tripFinished(_, let left, _)`),
/// with `text` wording it the one way every front shows it today: the command line, `grock
/// rpc`'s `notice`, the web page, a SwiftUI view that does not word its own (docs/PORTING.md,
/// "A notice is a value with its sentence"). A view model keeps its last one in `lastNotice`
/// and the sentence in `notice`. Names are kept as given; `text` shortens the ones the person
/// typed (`Echo.shortened`), so a notice is one line however long the name.
public enum Notice: Sendable, Hashable {
    // MARK: - A cart (CartDetailViewModel), each after the name of the cart: "Weekly: added Milk"

    case cartCreated(cart: String)
    /// `items` as the person named them (names or ids).
    case linesAdded(cart: String, items: [String])
    case lineUpdated(cart: String, item: String)
    case lineRemoved(cart: String, item: String)
    /// The name, the budget, both or neither edited; `renamedFrom` is the old name.
    case cartEdited(cart: String, renamedFrom: String?, budget: BudgetEdit?)
    case cartDeleted(cart: String)
    case tripStarted(cart: String)
    case purchaseLogged(cart: String, item: String)
    /// A tick of a line bought already: what was recorded stays, nothing was stored.
    case purchaseKept(cart: String, item: String)
    case purchaseUnlogged(cart: String, item: String)
    case impulseAdded(cart: String, name: String)
    /// `notBought` lines left, carried over to the cart named `carriedOverTo` when one was given.
    case tripFinished(cart: String, notBought: Int, carriedOverTo: String?)
    case tripAborted(cart: String)
    case cartReopened(cart: String)

    // MARK: - Shop mode (ShoppingModeViewModel): "Milk: bought."

    case shopStarted
    case ticked(name: String)
    case unticked(name: String)
    /// A line logged at `price` per `priceUnit`, `quantity` of `unit` bought, costing `cost`
    /// (nil when it cannot be worked out).
    case logged(name: String, quantity: Quantity, unit: MeasureUnit, price: Money, priceUnit: PriceUnit, cost: Money?)
    case shopImpulseAdded(name: String)
    /// The impulse buy numbered `number` deleted; the number is not given again this session.
    case shopImpulseRemoved(name: String, number: Int)
    /// Asked whether to delete an impulse buy, the person kept it.
    case shopImpulseKept(name: String)

    // MARK: - The vault (VaultViewModel): "added Milk"

    case itemAdded(name: String)
    /// `isCurrent` false when a newer price at the store stays current (a receipt entered late).
    case priceRecorded(item: String, store: String, promotion: Bool, isCurrent: Bool)
    case priceForgotten(item: String, store: String)
    case itemRenamed(from: String, to: String)
    case itemMoved(item: String, category: String)
    case itemRemoved(name: String)
    case categoryAdded(name: String)
    case categoryRenamed(from: String, to: String)
    /// `position` 1 for the first.
    case categoryMoved(category: String, position: Int)
    case categoryRemoved(name: String)

    // MARK: - Stores (StoresViewModel) and settings (SettingsViewModel)

    case storeAdded(name: String)
    case storeRenamed(from: String, to: String)
    case storeRemoved(name: String)
    case aislesSet(store: String)
    case currencySet(Currency)
    case everythingErased

    /// What `cartEdited` did to the budget.
    public enum BudgetEdit: Sendable, Hashable {
        case set(Money)
        case removed
    }
}

extension Notice: CustomStringConvertible {
    /// The notice in the words every front shows: `Weekly: added Milk`.
    public var text: String {
        switch self {
        case .cartCreated(let cart): "\(cart): created cart"
        case .linesAdded(let cart, let items): "\(cart): added \(items.map(Echo.shortened).joined(separator: ", "))"
        case .lineUpdated(let cart, let item): "\(cart): updated \(Echo.shortened(item))"
        case .lineRemoved(let cart, let item): "\(cart): removed \(Echo.shortened(item))"
        case .cartEdited(let cart, let oldName, let budget):
            "\(cart): " + edits(renamedFrom: oldName, to: cart, budget: budget)
        case .cartDeleted(let cart): "\(cart): deleted cart"
        case .tripStarted(let cart): "\(cart): started the trip"
        case .purchaseLogged(let cart, let item): "\(cart): logged \(Echo.shortened(item))"
        case .purchaseKept(let cart, let item): "\(cart): \(Echo.shortened(item)) is bought already; nothing changed"
        case .purchaseUnlogged(let cart, let item): "\(cart): un-logged \(Echo.shortened(item))"
        case .impulseAdded(let cart, let name): "\(cart): added impulse buy \(Echo.shortened(name))"
        case .tripFinished(let cart, let left, let carryOver):
            "\(cart): finished the trip" + (left == 0 ? "" : "; \(Wording.counted(left, "line")) not bought"
                + (carryOver.map { ", carried over to \(Echo.shortened($0))" } ?? ""))
        case .tripAborted(let cart): "\(cart): aborted the trip; back to planning"
        case .cartReopened(let cart): "\(cart): reopened the cart"

        case .shopStarted: "Trip started."
        case .ticked(let name): "\(name): bought."
        case .unticked(let name): "\(name): not bought."
        case .logged(let name, let quantity, let unit, let price, let priceUnit, let cost):
            // Counted and priced per each, it says no unit: `Milk: bought 3 at 1.19 = 3.57.`
            "\(name): bought "
                + (unit == .each && priceUnit == PriceUnit(unit) ? "\(quantity) at \(price.amountText)"
                    : "\(quantity) \(unit) at \(price.amountText)/\(priceUnit)")
                + " = \(cost?.amountText ?? "-")."
        case .shopImpulseAdded(let name): "\(Echo.shortened(name)): added and bought."
        case .shopImpulseRemoved(let name, let number): "\(name): removed; number \(number) is not used again in this session."
        case .shopImpulseKept(let name): "\(name): kept, bought."

        case .itemAdded(let name): "added \(name)"
        case .priceRecorded(let item, let store, let promotion, let isCurrent):
            "recorded the \(promotion ? "promotion" : "price") of \(item) at \(Echo.shortened(store))"
                + (isCurrent ? "" : " in its history; the newer one there stays current")
        case .priceForgotten(let item, let store): "took the price of \(item) at \(Echo.shortened(store)) out of its history"
        case .itemRenamed(let old, let new): "renamed \(old) to \(new)"
        case .itemMoved(let item, let category): "moved \(item) to \(Echo.shortened(category))"
        case .itemRemoved(let name): "removed \(name) from the vault"
        case .categoryAdded(let name): "added category \(name)"
        case .categoryRenamed(let old, let new): "renamed category \(old) to \(new)"
        case .categoryMoved(let category, let position): "moved category \(Echo.shortened(category)) to position \(position)"
        case .categoryRemoved(let name): "removed category \(name)"

        case .storeAdded(let name): "added store \(name)"
        case .storeRenamed(let old, let new): "renamed store \(old) to \(new)"
        case .storeRemoved(let name): "removed store \(name); its prices left the vault"
        case .aislesSet(let store): "set the aisle order of \(store)"
        case .currencySet(let currency): "currency is now \(currency.code)"
        case .everythingErased: "all data erased"
        }
    }

    public var description: String { text }

    /// `renamed cart Old to New; set the budget to 80.00`, or `updated the cart` when nothing was.
    private func edits(renamedFrom oldName: String?, to name: String, budget: BudgetEdit?) -> String {
        var parts: [String] = []
        if let oldName { parts.append("renamed cart \(oldName) to \(name)") }
        switch budget {
        case .set(let money)?: parts.append("set the budget to \(money.amountText)")
        case .removed?: parts.append("removed the budget")
        case nil: break
        }
        return parts.isEmpty ? "updated the cart" : parts.joined(separator: "; ")
    }
}
