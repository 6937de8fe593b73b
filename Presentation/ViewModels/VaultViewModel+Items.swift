import Domain

// MARK: - Intents: changing items

extension VaultViewModel {
    /// Adds an item to the vault in `category` (a name or id), optionally with its first price at
    /// `store`, and shows it. A price that looks wrong is recorded anyway, and said in `cautions`.
    /// - Parameters:
    ///   - price: the price of one `unit` as typed (`3.49`); needs `store`.
    ///   - unit: how the item is sold; `each` when nil (`pack` with `pack`).
    ///   - pack: what one pack holds, for a price per pack.
    /// - Returns: false, with nothing added, for a name taken or invalid, an unknown category or
    ///   store, or a malformed price.
    @discardableResult
    public func addItem(_ name: String, category: String, price: String?, store: String?, unit: MeasureUnit?,
                        pack: PackSize? = nil) async -> Bool {
        await itemChange {
            let added = try await useCases.addItem.withCautions(name: name, category: category, price: price, store: store, unit: unit,
                                                                pack: pack)
            lastIntent.cautions = added.cautions.map(Caution.price)
            return added.item
        } notice: {
            .itemAdded(name: $0.name)
        }
    }

    /// Records a price of `item` seen at `store` (shelf or flyer), and shows the item. It
    /// becomes the store's current price unless a newer one is known there (then `notice` says
    /// it joined the history only); a price that looks wrong is recorded anyway, and said in
    /// `cautions`.
    /// - Parameters:
    ///   - price: the price of one `unit` (or pack) as typed.
    ///   - until: the last day of a promotion; nil: no end.
    ///   - date: when the price was seen, as typed (now when nil).
    @discardableResult
    public func setPrice(_ item: String, store: String, price: String, unit: MeasureUnit?, pack: PackSize? = nil, promotion: Bool,
                         until: Day?, date: String? = nil) async -> Bool {
        var isCurrent = true
        return await itemChange {
            let set = try await useCases.setPrice.withCautions(item: item, store: store, price: price, unit: unit, pack: pack,
                                                               isPromotion: promotion,
                                                          promotionUntil: until, date: date)
            lastIntent.cautions = set.cautions.map(Caution.price)
            isCurrent = set.isCurrent
            return set.item
        } notice: {
            .priceRecorded(item: $0.name, store: store, promotion: promotion, isCurrent: isCurrent)
        }
    }

    /// Takes a wrong price of `item` at `store` out of its history (the one seen on `day`, by
    /// default the current one there).
    @discardableResult
    public func forgetPrice(_ item: String, store: String, day: Day?) async -> Bool {
        await itemChange { try await useCases.forgetPrice(item: item, store: store, day: day) } notice: {
            .priceForgotten(item: $0.name, store: store)
        }
    }

    /// Renames an item (a name or id) and shows it; refused when the new name is taken.
    @discardableResult
    public func renameItem(_ item: String, to name: String) async -> Bool {
        var oldName = ""
        return await itemChange {
            let renamed = try await useCases.renameItem(item, to: name)
            oldName = renamed.oldName
            return renamed.value
        } notice: { .itemRenamed(from: oldName, to: $0.name) }
    }

    /// Moves an item to another category (a name or id) and shows it.
    @discardableResult
    public func moveItem(_ item: String, to category: String) async -> Bool {
        await itemChange { try await useCases.moveItem(item, toCategory: category) }
            notice: { .itemMoved(item: $0.name, category: category) }
    }

    /// Deletes an item from the vault and goes back to `browse`. Its lines on carts stay, by name,
    /// and its price history stays in history.
    @discardableResult
    public func removeItem(_ item: String) async -> Bool {
        await perform {
            let removed = try await useCases.deleteItem(item)
            lastNotice = .itemRemoved(name: removed.name)
            self.item = nil
            screen = .browse
            lastLook = .browse(category: nil)
        }
    }

    /// Runs a change of an item, which answers the item as changed, then shows it; `notice`
    /// says what it did from that item.
    private func itemChange(_ action: () async throws -> Item, notice: (Item) -> Notice) async -> Bool {
        await perform {
            let changed = try await action()
            lastNotice = notice(changed)
            await afterSaving {
                item = try await useCases.showItem(changed.id.rawValue)
                currency = try await useCases.showSettings().currency
                screen = .item
                followItem(Look.item)
            }
        }
    }
}
