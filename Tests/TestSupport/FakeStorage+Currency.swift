import Domain

/// A currency change in the fake: every stored amount takes the new currency's label, as the
/// real storages do (they keep amounts in minor units and label them on reading, so a change
/// of currency relabels without converting, `ChangeCurrency`). The fake keeps Domain values,
/// each amount with its currency, so it relabels them when the settings change.
extension FakeStorage.Snapshot {
    mutating func relabel(to currency: Currency) {
        func relabelled(_ money: Money) -> Money { Money(minorUnits: money.minorUnits, currency: currency) }
        func relabelled(_ quote: PriceQuote) -> PriceQuote { PriceQuote(price: relabelled(quote.price), observedAt: quote.observedAt) }
        items = items.map { item in
            var item = item
            item.prices = item.prices.map { option in
                var option = option
                option.regular = option.regular.map(relabelled)
                option.promotion = option.promotion.map { Promotion(quote: relabelled($0.quote), until: $0.until) }
                return option
            }
            return item
        }
        carts = carts.map { cart in
            let lines = cart.lines.map { line in
                var line = line
                line.plannedPrice = line.plannedPrice.map(relabelled)
                line.actualPrice = line.actualPrice.map(relabelled)
                return line
            }
            return Cart(id: cart.id, name: cart.name, budget: cart.budget.map(relabelled), currency: currency, status: cart.status,
                        createdAt: cart.createdAt, startedAt: cart.startedAt, completedAt: cart.completedAt, lines: lines)
        }
        observations = observations.map { seen in
            PriceObservation(item: seen.item, store: seen.store, price: UnitPrice(relabelled(seen.price.price), per: seen.price.basis),
                             observedAt: seen.observedAt, source: seen.source, isPromotion: seen.isPromotion)
        }
    }
}
