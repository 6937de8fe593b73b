import Domain

/// Why a stored record could not become an entity: a wrong value or a dangling reference.
struct RecordError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

// MARK: - Records from entities

extension StoreRecord {
    init(_ store: Store) {
        self.init(id: store.id.rawValue, name: store.name, createdAt: store.createdAt.description,
                  aisleOrder: store.aisleOrder.map(\.rawValue), removed: store.isRemoved,
                  receiptNames: store.receiptNames.isEmpty ? nil
                      : store.receiptNames.sorted { $0.key < $1.key }.map { ReceiptNameRecord(text: $0.key, itemId: $0.value.rawValue) })
    }
}

extension CategoryRecord {
    init(_ category: Category) { self.init(id: category.id.rawValue, name: category.name, sortOrder: category.sortOrder) }
}

extension ItemRecord {
    init(_ item: Item) {
        self.init(id: item.id.rawValue, name: item.name, categoryId: item.categoryID.rawValue, unit: item.unit.rawValue,
                  prices: item.prices.map { option in
                      PriceOptionRecord(storeId: option.store.rawValue, unit: UnitText.basis(option.basis),
                                        regular: option.regular.map {
                                            QuoteRecord(price: $0.price.minorUnits, observedAt: $0.observedAt.description)
                                        },
                                        promotion: option.promotion.map {
                                            PromotionRecord(price: $0.quote.price.minorUnits, observedAt: $0.quote.observedAt.description,
                                                            until: $0.until?.description)
                                        })
                  })
    }
}

extension CartRecord {
    init(_ cart: Cart) {
        self.init(id: cart.id.rawValue, name: cart.name, budget: cart.budget?.minorUnits, status: cart.status.rawValue,
                  createdAt: cart.createdAt.description, startedAt: cart.startedAt?.description,
                  completedAt: cart.completedAt?.description, lines: cart.lines.map(CartLineRecord.init))
    }
}

extension CartLineRecord {
    init(_ line: CartItem) {
        self.init(itemId: line.itemID.rawValue, name: line.name, category: line.categoryName, quantity: line.quantity.description,
                  unit: UnitText.line(line.unit, pricedPer: line.priceUnit), plannedStoreId: line.plannedStore?.rawValue,
                  plannedPrice: line.plannedPrice?.minorUnits,
                  fulfilled: line.isFulfilled, actualStoreId: line.actualStore?.rawValue, actualPrice: line.actualPrice?.minorUnits,
                  purchasedQuantity: line.purchasedQuantity?.description, impulse: line.isImpulse)
    }
}

extension ObservationRecord {
    init(_ observation: PriceObservation) {
        let source: String = switch observation.source {
        case .manual: "manual"
        case .trip(let cart): cart.rawValue
        }
        self.init(itemId: observation.item.rawValue, storeId: observation.store.rawValue, price: observation.price.price.minorUnits,
                  unit: UnitText.basis(observation.price.basis), observedAt: observation.observedAt.description, source: source,
                  promotion: observation.isPromotion)
    }
}

// MARK: - Entities from records

/// Turns records into entities in one currency, checking every value and reference.
struct RecordMapper {
    let currency: Currency

    init(settings: SettingsRecord) throws {
        do { currency = try Currency(code: settings.currency) } catch { throw RecordError("unknown currency \"\(settings.currency)\"") }
    }

    func settings(_ record: SettingsRecord) -> Settings { Settings(currency: currency, isSetUp: record.isSetUp) }

    func store(_ record: StoreRecord) throws -> Store {
        var names: [String: ItemID] = [:]
        for name in record.receiptNames ?? [] {
            guard !name.text.isEmpty, names.updateValue(ItemID(name.itemId), forKey: name.text) == nil else {
                throw RecordError("store \(record.id) has the receipt name \"\(name.text)\" twice, or an empty one")
            }
        }
        return Store(id: StoreID(record.id), name: record.name, createdAt: try time(record.createdAt),
                     aisleOrder: record.aisleOrder.map(CategoryID.init), isRemoved: record.removed, receiptNames: names)
    }

    func category(_ record: CategoryRecord) -> Category {
        Category(id: CategoryID(record.id), name: record.name, sortOrder: record.sortOrder)
    }

    func item(_ record: ItemRecord) throws -> Item {
        Item(id: ItemID(record.id), name: record.name, categoryID: CategoryID(record.categoryId), unit: try unit(record.unit),
             prices: try record.prices.map { option in
                 PriceOption(store: StoreID(option.storeId), unit: try basis(option.unit).unit, pack: try basis(option.unit).pack,
                             regular: try option.regular.map { PriceQuote(price: money($0.price), observedAt: try time($0.observedAt)) },
                             promotion: try option.promotion.map {
                                 Promotion(quote: PriceQuote(price: money($0.price), observedAt: try time($0.observedAt)),
                                           until: try $0.until.map(day))
                             })
             })
    }

    func cart(_ record: CartRecord) throws -> Cart {
        guard let status = CartStatus(rawValue: record.status) else {
            throw RecordError("cart \(record.id) has unknown status \"\(record.status)\"")
        }
        return Cart(id: CartID(record.id), name: record.name, budget: record.budget.map(money), currency: currency, status: status,
                    createdAt: try time(record.createdAt), startedAt: try record.startedAt.map(time),
                    completedAt: try record.completedAt.map(time), lines: try record.lines.map(line))
    }

    func line(_ record: CartLineRecord) throws -> CartItem {
        let units = try lineUnits(record.unit)
        return CartItem(itemID: ItemID(record.itemId), name: record.name, categoryName: record.category,
                        quantity: try quantity(record.quantity), unit: units.unit, priceUnit: units.basis,
                        plannedStore: record.plannedStoreId.map(StoreID.init),
                        plannedPrice: record.plannedPrice.map(money), isFulfilled: record.fulfilled,
                        actualStore: record.actualStoreId.map(StoreID.init), actualPrice: record.actualPrice.map(money),
                        purchasedQuantity: try record.purchasedQuantity.map(quantity), isImpulse: record.impulse)
    }

    func observation(_ record: ObservationRecord) throws -> PriceObservation {
        PriceObservation(item: ItemID(record.itemId), store: StoreID(record.storeId),
                         price: UnitPrice(money(record.price), per: try basis(record.unit)),
                         observedAt: try time(record.observedAt),
                         source: record.source == "manual" ? .manual : .trip(CartID(record.source)), isPromotion: record.promotion)
    }

    private func money(_ minorUnits: Int64) -> Money { Money(minorUnits: minorUnits, currency: currency) }

    private func time(_ text: String) throws -> Timestamp {
        guard let time = Timestamp(rfc3339: text) else { throw RecordError("\"\(text)\" is not a time") }
        return time
    }

    private func day(_ text: String) throws -> Day {
        guard let day = Day(iso: text) else { throw RecordError("\"\(text)\" is not a date") }
        return day
    }

    private func unit(_ text: String) throws -> MeasureUnit {
        guard let unit = MeasureUnit(rawValue: text) else { throw RecordError("\"\(text)\" is not a unit") }
        return unit
    }

    private func basis(_ text: String) throws -> PriceUnit {
        guard let basis = UnitText.parseBasis(Substring(text)) else { throw RecordError("\"\(text)\" is not a unit") }
        return basis
    }

    private func lineUnits(_ text: String) throws -> (unit: MeasureUnit, basis: PriceUnit) {
        guard let units = UnitText.parseLine(Substring(text)) else { throw RecordError("\"\(text)\" is not a unit") }
        return units
    }

    private func quantity(_ text: String) throws -> Quantity {
        // Unbounded: the maximum is for what is typed, and records may be older than it.
        do { return try Quantity(parsing: text, bounded: false) } catch { throw RecordError("\"\(text)\" is not a quantity") }
    }
}
