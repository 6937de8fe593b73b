import Domain

/// Every sentence a view model makes: what an intent did (its `notice`), what it asks (a shop
/// mode question), and the two warnings and errors that are a screen's, not an error's own
/// `description`. Worded here and nowhere else.
///
/// They are display text that the view models make, not typed state for each front to word:
/// every front (the command line, `grock rpc`'s `notice`, the web page, a SwiftUI view) then
/// says the same thing in the same words, and a port rewords or translates them in this one
/// file (docs/PORTING.md, "The notice is a sentence the view model makes"). Names typed by the
/// person are shortened (`Echo.shortened`): a notice is one line, however long the name.
enum Notice {
    // MARK: - A cart (CartDetailViewModel): "Weekly: added Milk"

    /// What was done, after the name of the cart it was done to.
    static func onCart(_ cart: String, _ what: String) -> String { "\(cart): \(what)" }
    static let cartCreated = "created cart"
    static func linesAdded(_ items: [String]) -> String { "added \(items.map(Echo.shortened).joined(separator: ", "))" }
    static func lineUpdated(_ item: String) -> String { "updated \(Echo.shortened(item))" }
    static func lineRemoved(_ item: String) -> String { "removed \(Echo.shortened(item))" }
    static let cartUpdated = "updated the cart"
    static func cartRenamed(from old: String, to new: String) -> String { "renamed cart \(old) to \(new)" }
    static func budgetSet(_ budget: Money?) -> String { budget.map { "set the budget to \($0.amountText)" } ?? "removed the budget" }
    static let cartDeleted = "deleted cart"
    static let tripStarted = "started the trip"
    static func lineLogged(_ item: String) -> String { "logged \(Echo.shortened(item))" }
    static func lineUnlogged(_ item: String) -> String { "un-logged \(Echo.shortened(item))" }
    static func impulseAdded(_ name: String) -> String { "added impulse buy \(Echo.shortened(name))" }
    /// `left` lines not bought, carried over to the cart named `carryOver` when one was.
    static func tripFinished(notBought left: Int, carriedOverTo carryOver: String?) -> String {
        "finished the trip" + (left == 0 ? "" : "; \(Wording.counted(left, "line")) not bought"
            + (carryOver.map { ", carried over to \(Echo.shortened($0))" } ?? ""))
    }
    static let tripAborted = "aborted the trip; back to planning"
    static let cartReopened = "reopened the cart"

    // MARK: - Shop mode (ShoppingModeViewModel): "Milk: bought."

    static let shopStarted = "Trip started."
    static func shopBought(_ name: String) -> String { "\(name): bought." }
    static func shopNotBought(_ name: String) -> String { "\(name): not bought." }
    /// A line logged at `paid`: how much at what, and what it cost (`Bananas: bought 0.736 kg at
    /// 3.49/kg = 2.57.`); a line counted and priced per each says no unit (`Milk: bought 3 at 1.19 = 3.57.`).
    static func shopBought(_ name: String, _ line: CartItem, at paid: Money, costing cost: Money?) -> String {
        let amount = line.purchasedQuantity ?? line.quantity
        let bought = line.unit == .each && line.isPricedPerUnit ? "\(amount) at \(paid.amountText)"
            : "\(amount) \(line.unit) at \(paid.amountText)/\(line.priceUnit)"
        return "\(name): bought \(bought) = \(cost?.amountText ?? "-")."
    }
    static func shopImpulseAdded(_ name: String) -> String { "\(Echo.shortened(name)): added and bought." }
    static func shopImpulseRemoved(_ name: String, number: Int) -> String {
        "\(name): removed; number \(number) is not used again in this session."
    }
    static func shopImpulseKept(_ name: String) -> String { "\(name): kept, bought." }
    /// The question unticking an impulse buy asks: unticked, it would leave the cart.
    static func removeImpulseBuy(_ name: String) -> String { "Remove impulse buy \(name)?" }

    // MARK: - The vault (VaultViewModel): "added Milk"

    static func itemAdded(_ name: String) -> String { "added \(name)" }
    /// A price recorded; `isCurrent` false when a newer one at the store stays current (tester, #23).
    static func priceRecorded(of item: String, at store: String, promotion: Bool, isCurrent: Bool) -> String {
        "recorded the \(promotion ? "promotion" : "price") of \(item) at \(Echo.shortened(store))"
            + (isCurrent ? "" : " in its history; the newer one there stays current")
    }
    static func priceForgotten(of item: String, at store: String) -> String {
        "took the price of \(item) at \(Echo.shortened(store)) out of its history"
    }
    static func itemRenamed(from old: String, to new: String) -> String { "renamed \(old) to \(new)" }
    static func itemMoved(_ item: String, to category: String) -> String { "moved \(item) to \(Echo.shortened(category))" }
    static func itemRemoved(_ name: String) -> String { "removed \(name) from the vault" }
    static func categoryAdded(_ name: String) -> String { "added category \(name)" }
    static func categoryRenamed(from old: String, to new: String) -> String { "renamed category \(old) to \(new)" }
    static func categoryMoved(_ category: String, to position: Int) -> String {
        "moved category \(Echo.shortened(category)) to position \(position)"
    }
    static func categoryRemoved(_ name: String) -> String { "removed category \(name)" }

    /// A cart shown that was deleted elsewhere: the error its refresh leaves.
    static func cartGone(_ name: String) -> String { "the cart \(Echo.quoted(name)) no longer exists" }

    // MARK: - Stores (StoresViewModel) and settings (SettingsViewModel)

    static func storeAdded(_ name: String) -> String { "added store \(name)" }
    static func storeRenamed(from old: String, to new: String) -> String { "renamed store \(old) to \(new)" }
    static func storeRemoved(_ name: String) -> String { "removed store \(name); its prices left the vault" }
    static func aislesSet(of store: String) -> String { "set the aisle order of \(store)" }
    static func currencySet(_ currency: Currency) -> String { "currency is now \(currency.code)" }
    static let everythingErased = "all data erased"

    // MARK: - Any screen (ErrorState)

    /// The warning of an intent whose change was saved but could not be read back to show.
    static func savedButNotShown(_ error: any Error) -> String { "the change was saved, but it cannot be shown: \(error)" }
}
