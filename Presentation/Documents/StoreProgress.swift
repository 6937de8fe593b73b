import Domain

/// While shopping, a store with lines bought and lines still to buy: what was paid there and
/// what is left to buy, said apart so that one sum is not read as money spent.
public struct StoreProgress: Sendable, Hashable {
    /// What was paid at the store for the lines bought there.
    public let spent: Money
    /// What the lines still to buy there are planned to cost.
    public let toBuy: Money

    /// Nil unless `cart` is being shopped and `group` holds both lines bought and lines to buy.
    /// - Throws: `DomainError` when an amount overflows.
    init?(_ group: CartDetails.StoreGroup, of cart: Cart) throws {
        let bought = group.lines.filter(\.isFulfilled)
        guard cart.status == .shopping, !bought.isEmpty, bought.count < group.lines.count else { return nil }
        spent = try Money.sum(bought.compactMap { try $0.actualCost() }, currency: cart.currency)
        toBuy = try group.total.subtracting(spent)
    }
}
