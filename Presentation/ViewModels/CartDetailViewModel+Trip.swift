import Domain

// MARK: - Intents: shopping the cart, finishing and reopening the trip

extension CartDetailViewModel {
    /// Starts shopping: a planning cart becomes a shopping one; refused for any other status.
    @discardableResult
    public func startTrip() async -> Bool {
        await change { try await useCases.startTrip(reference) } notice: { .tripStarted(cart: $0.name) }
    }

    /// Logs `item` bought while shopping; logging a bought line again corrects it, and without a
    /// price, store or quantity changes nothing (`Notice.purchaseKept`). A price that looks
    /// wrong against the vault's is logged anyway, and said in `cautions`.
    /// - Parameters:
    ///   - price: the price of one unit of what the line is priced per, as typed; nil: the
    ///     planned price.
    ///   - store: nil: the planned store.
    ///   - quantity: nil: the planned quantity.
    ///   - date: when the trip happened (a receipt entered afterwards), as typed.
    @discardableResult
    public func log(_ item: String, price: String?, store: String? = nil, quantity: Quantity? = nil, date: String? = nil) async -> Bool {
        var changed = true
        return await change {
            let logged = try await useCases.logPurchase.withCautions(cart: reference, item: item, price: price, store: store,
                                                                     quantity: quantity, date: date)
            lastIntent.cautions = logged.cautions.map(Caution.price)
            changed = logged.changed
            return logged.cart
        } notice: { changed ? .purchaseLogged(cart: $0.name, item: item) : .purchaseKept(cart: $0.name, item: item) }
    }

    /// Takes back the purchase of `item`: the line is to buy again, and an impulse buy disappears.
    @discardableResult
    public func unlog(_ item: String) async -> Bool {
        await change { try await useCases.unlogPurchase(cart: reference, item: item) }
            notice: { .purchaseUnlogged(cart: $0.name, item: item) }
    }

    /// Adds something bought on impulse, bought at `price` per unit: on this cart only, never in
    /// the vault.
    /// - Parameters:
    ///   - price: the price of one, as typed.
    ///   - store: where it was bought; by default the one store the trip has bought at (refused
    ///     when it has bought at several), else the cart's only planned store.
    ///   - date: when the trip happened, as typed.
    @discardableResult
    public func addImpulse(_ name: String, price: String, quantity: Quantity = .one, store: String? = nil,
                           date: String? = nil) async -> Bool {
        await change {
            try await useCases.addImpulseItem(cart: reference, name: name, price: price, quantity: quantity, store: store, date: date)
        } notice: { .impulseAdded(cart: $0.name, name: name) }
    }

    /// Completes the trip: each vault item bought gets the price paid as its current price at
    /// that store, and the cart becomes read-only history; `notice` says how many lines were
    /// not bought.
    /// - Parameters:
    ///   - date: when the trip happened, as typed.
    ///   - carryOver: the planning cart that gets the lines not bought (made when missing).
    @discardableResult
    public func finishTrip(date: String? = nil, carryOver: String? = nil) async -> Bool {
        await change { try await useCases.finishTrip(reference, date: date, carryOver: carryOver) } notice: { cart in
            .tripFinished(cart: cart.name, notBought: cart.lines.count { !$0.isFulfilled && !$0.isImpulse }, carriedOverTo: carryOver)
        }
    }

    /// Back from shopping to planning: the trip did not happen, so logged purchases and impulse
    /// buys are dropped.
    @discardableResult
    public func abortTrip() async -> Bool {
        await change { try await useCases.abortTrip(reference) } notice: { .tripAborted(cart: $0.name) }
    }

    /// Reopens a completed trip to correct it (back to shopping); its prices leave the price
    /// history until it is finished again, the vault keeps its prices.
    @discardableResult
    public func reopen() async -> Bool {
        await change { try await useCases.reopenCart(reference) } notice: { .cartReopened(cart: $0.name) }
    }
}
