import Domain

/// A backup is typed input too: before anything in it is mapped or stored, every value goes
/// through the rules a person's typing does (the Domain's `Name`, amounts never below zero,
/// `Quantity`, units, dates, names unique in any case and accents), plus what the data files
/// need (ids Grock writes, references that lead somewhere, sums that fit). The first value that
/// breaks one is named by its path in the document: `items[12].name: ...`.
extension BackupCodec {
    /// - Throws: `Failure` naming the path of the first value a rule refuses.
    static func check(_ document: Document) throws(Failure) {
        var checker = Checker()
        try checker.check(document)
    }

    private struct Checker {
        /// The store ids and category ids the backup has.
        var stores: Set<String> = []
        var categories: Set<String> = []
        /// Cart ids seen so far, active and completed, with where.
        var carts: [String: String] = [:]
        /// What the completed carts paid so far, in minor units: insights add it all up, so
        /// it must fit (every partial sum of these non-negative amounts then fits too).
        var spent: Int64 = 0

        mutating func check(_ document: Document) throws(Failure) {
            do { _ = try Currency(code: document.settings.currency) } catch {
                throw Checker.failure("settings.currency", "\(error)")
            }
            try unique(document.stores.enumerated().map { ("stores[\($0.offset)]", $0.element.id) }, of: "store")
            try unique(document.categories.enumerated().map { ("categories[\($0.offset)]", $0.element.id) }, of: "category")
            try unique(document.items.enumerated().map { ("items[\($0.offset)]", $0.element.id) }, of: "item")
            stores = Set(document.stores.map(\.id))
            categories = Set(document.categories.map(\.id))
            for (index, category) in document.categories.enumerated() {
                try Checker.name(category.name, of: "category", at: "categories[\(index)].name")
                guard Category.validOrders.contains(category.sortOrder) else {
                    throw Checker.failure("categories[\(index)].sortOrder",
                                          "\(category.sortOrder) is outside \(Category.validOrders), the orders Grock gives")
                }
            }
            for (index, store) in document.stores.enumerated() {
                let path = "stores[\(index)]"
                try Checker.name(store.name, of: "store", at: path + ".name")
                try Checker.time(store.createdAt, at: path + ".createdAt")
                for (position, category) in store.aisleOrder.enumerated() {
                    try reference(category, in: categories, to: "category", at: path + ".aisleOrder[\(position)]")
                }
            }
            for (index, item) in document.items.enumerated() { try check(item, at: "items[\(index)]") }
            let items = Set(document.items.map(\.id))
            for (index, store) in document.stores.enumerated() {
                var seen: Set<String> = []
                for (position, name) in (store.receiptNames ?? []).enumerated() {
                    let path = "stores[\(index)].receiptNames[\(position)]"
                    guard !name.text.isEmpty, !name.text.contains(where: \.isNewline), seen.insert(name.text).inserted else {
                        throw Checker.failure(path + ".text", "a receipt name is empty, spans lines, or is given twice for the store")
                    }
                    try reference(name.itemId, in: items, to: "item", at: path + ".itemId")
                }
            }
            for (index, cart) in document.carts.enumerated() { try check(cart, at: "carts[\(index)]", completed: false) }
            for (index, cart) in document.completedCarts.enumerated() { try check(cart, at: "completedCarts[\(index)]", completed: true) }
            for (index, observation) in document.observations.enumerated() { try check(observation, at: "observations[\(index)]") }
            try Checker.distinctNames(document.stores.enumerated().filter { !$0.element.removed }
                                          .map { ("stores[\($0.offset)].name", $0.element.name) },
                                      of: "store")
            try Checker.distinctNames(document.categories.enumerated().map { ("categories[\($0.offset)].name", $0.element.name) },
                                      of: "category")
            try Checker.distinctNames(document.items.enumerated().map { ("items[\($0.offset)].name", $0.element.name) }, of: "item")
            try Checker.distinctNames(document.carts.enumerated().map { ("carts[\($0.offset)].name", $0.element.name) }, of: "active cart")
        }

        func check(_ item: ItemRecord, at path: String) throws(Failure) {
            try Checker.name(item.name, of: "item", at: path + ".name")
            try reference(item.categoryId, in: categories, to: "category", at: path + ".categoryId")
            try Checker.unit(item.unit, at: path + ".unit")
            var optionAt: [String: Int] = [:]
            for (index, option) in item.prices.enumerated() {
                let path = path + ".prices[\(index)]"
                try reference(option.storeId, in: stores, to: "store", at: path + ".storeId")
                if let other = optionAt.updateValue(index, forKey: option.storeId) {
                    throw Checker.failure(path + ".storeId",
                                          "the item has a price at this store already (prices[\(other)]); it has one per store")
                }
                try Checker.basis(option.unit, at: path + ".unit")
                if let regular = option.regular {
                    try Checker.amount(regular.price, at: path + ".regular.price")
                    try Checker.time(regular.observedAt, at: path + ".regular.observedAt")
                }
                if let promotion = option.promotion {
                    try Checker.amount(promotion.price, at: path + ".promotion.price")
                    try Checker.time(promotion.observedAt, at: path + ".promotion.observedAt")
                    if let until = promotion.until, Day(iso: until) == nil {
                        throw Checker.failure(path + ".promotion.until", "\(Echo.quoted(until)) is not a date (YYYY-MM-DD)")
                    }
                }
            }
        }

        mutating func check(_ cart: CartRecord, at path: String, completed: Bool) throws(Failure) {
            try Checker.identifier(cart.id, at: path + ".id")
            if let other = carts.updateValue(path, forKey: cart.id) {
                throw Checker.failure(path + ".id", "\(Echo.quoted(cart.id)) is the id of \(other) too")
            }
            try Checker.name(cart.name, of: "cart", at: path + ".name")
            guard let status = CartStatus(rawValue: cart.status), status.isActive != completed else {
                throw Checker.failure(path + ".status",
                                      "\(Echo.quoted(cart.status)) is not \(completed ? "completed" : "planning or shopping")")
            }
            if let budget = cart.budget { try Checker.amount(budget, at: path + ".budget") }
            try Checker.time(cart.createdAt, at: path + ".createdAt")
            if let started = cart.startedAt { try Checker.time(started, at: path + ".startedAt") }
            if let finished = cart.completedAt { try Checker.time(finished, at: path + ".completedAt") }
            var lineOf: [String: Int] = [:]
            var planned: Int64 = 0, paid: Int64 = 0
            for (index, line) in cart.lines.enumerated() {
                let path = path + ".lines[\(index)]"
                try Checker.identifier(line.itemId, at: path + ".itemId")
                // A completed trip may repeat an item (a receipt's repeated rows); an active
                // cart is changed line by item, so it has one line per item.
                if let other = lineOf.updateValue(index, forKey: line.itemId), !completed {
                    throw Checker.failure(path + ".itemId",
                                          "the item is on this cart already (lines[\(other)]); a cart has one line per item")
                }
                try Checker.name(line.name, of: "item", at: path + ".name")
                if let category = line.category { try Checker.name(category, of: "category", at: path + ".category") }
                let quantity = try Checker.quantity(line.quantity, at: path + ".quantity")
                let units = try Checker.lineUnits(line.unit, at: path + ".unit")
                for (field, store) in [("plannedStoreId", line.plannedStoreId), ("actualStoreId", line.actualStoreId)] {
                    guard let store else { continue }
                    // History may name stores the backup lacks (it names them by id only); an
                    // active cart's lines must lead to one.
                    if completed { try Checker.identifier(store, at: path + "." + field) } else {
                        try reference(store, in: stores, to: "store", at: path + "." + field)
                    }
                }
                let bought = try line.purchasedQuantity.map { (text) throws(Failure) in
                    try Checker.quantity(text, at: path + ".purchasedQuantity")
                }
                if let price = line.plannedPrice {
                    try Checker.amount(price, at: path + ".plannedPrice")
                    planned = try Checker.sum(planned, try Checker.cost(price, quantity, units, at: path), at: path,
                                              "the cart's planned total is too large")
                }
                if let price = line.actualPrice {
                    try Checker.amount(price, at: path + ".actualPrice")
                    let cost = try Checker.cost(price, bought ?? quantity, units, at: path)
                    if line.fulfilled { paid = try Checker.sum(paid, cost, at: path, "the cart's total is too large") }
                }
            }
            if completed { spent = try Checker.sum(spent, paid, at: path, "the trips up to this one add up to more than Grock can count") }
        }

        func check(_ observation: ObservationRecord, at path: String) throws(Failure) {
            try Checker.identifier(observation.itemId, at: path + ".itemId")
            try reference(observation.storeId, in: stores, to: "store", at: path + ".storeId")
            try Checker.amount(observation.price, at: path + ".price")
            try Checker.basis(observation.unit, at: path + ".unit")
            try Checker.time(observation.observedAt, at: path + ".observedAt")
            if observation.source != "manual" { try Checker.identifier(observation.source, at: path + ".source") }
        }

        func reference(_ id: String, in known: Set<String>, to kind: String, at path: String) throws(Failure) {
            try Checker.identifier(id, at: path)
            guard known.contains(id) else { throw Checker.failure(path, "no \(kind) in the backup has the id \(Echo.quoted(id))") }
        }

        func unique(_ ids: [(path: String, id: String)], of kind: String) throws(Failure) {
            var seen: [String: String] = [:]
            for (path, id) in ids {
                try Checker.identifier(id, at: path + ".id")
                if let other = seen.updateValue(path, forKey: id) {
                    throw Checker.failure(path + ".id", "\(Echo.quoted(id)) is the id of \(other) too")
                }
            }
        }

        // MARK: - The rules for one value

        static func failure(_ path: String, _ reason: String) -> Failure {
            Failure(description: "\(path): \(reason); nothing was restored")
        }

        /// Text from the file as it may be shown: quoted, control characters escaped, cut
        /// after 40 characters.
        static func identifier(_ text: String, at path: String) throws(Failure) {
            guard Identifier.isValid(text) else { throw failure(path, "\(Echo.quoted(text)) is not an id Grock writes") }
        }

        /// The Domain's rule for a name a person types (`Name.validated`); and since a backup
        /// is restored exactly, a name with spaces around it, which typing would have trimmed.
        static func name(_ text: String, of kind: String, at path: String) throws(Failure) {
            let valid: String
            do { valid = try Name.validated(text, kind: kind) } catch {
                let reason = if case DomainError.invalidName(_, _, let reason) = error { reason } else { "\(error)" }
                throw failure(path,
                              "\(Echo.quoted(text)) cannot be a\("aeiou".contains(kind.prefix(1)) ? "n" : "") \(kind) name: \(reason)")
            }
            guard valid == text else { throw failure(path, "\(Echo.quoted(text)) has spaces around it") }
        }

        static func amount(_ minorUnits: Int64, at path: String) throws(Failure) {
            guard minorUnits >= 0 else { throw failure(path, "\(minorUnits) is below zero; amounts are never negative") }
        }

        static func quantity(_ text: String, at path: String) throws(Failure) -> Quantity {
            do { return try Quantity(parsing: text) } catch { throw failure(path, "\(error)") }
        }

        static func unit(_ text: String, at path: String) throws(Failure) {
            guard MeasureUnit(rawValue: text) != nil else {
                throw failure(path,
                              "\(Echo.quoted(text)) is not a unit (use one of: "
                                  + "\(MeasureUnit.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
        }

        static func time(_ text: String, at path: String) throws(Failure) {
            guard Timestamp(rfc3339: text) != nil else { throw failure(path, "\(Echo.quoted(text)) is not a time (RFC 3339)") }
        }

        static func basis(_ text: String, at path: String) throws(Failure) {
            guard let basis = UnitText.parseBasis(Substring(text)), basis.isTypable else {
                throw failure(path,
                              "\(Echo.quoted(text)) is not a unit (one of: "
                                  + "\(MeasureUnit.allCases.map(\.rawValue).joined(separator: ", ")), or pack:250g)")
            }
        }

        static func lineUnits(_ text: String, at path: String) throws(Failure) -> (unit: MeasureUnit, basis: PriceUnit) {
            guard let units = UnitText.parseLine(Substring(text)), units.basis.isTypable else {
                throw failure(path,
                              "\(Echo.quoted(text)) is not a unit (one of: "
                                  + "\(MeasureUnit.allCases.map(\.rawValue).joined(separator: ", ")), or g/kg)")
            }
            return units
        }

        /// A line's cost (quantity × price, converted between its units, rounded half to even).
        static func cost(_ price: Int64, _ quantity: Quantity, _ units: (unit: MeasureUnit, basis: PriceUnit),
                         at path: String) throws(Failure) -> Int64 {
            do {
                let money = Money(minorUnits: price, currency: .euro)
                return try money.cost(of: quantity, in: PriceUnit(units.unit), per: units.basis)?.minorUnits ?? 0
            } catch {
                throw failure(path, "its quantity times its price is more than Grock can count")
            }
        }

        static func sum(_ total: Int64, _ amount: Int64, at path: String, _ reason: String) throws(Failure) -> Int64 {
            let (sum, overflow) = total.addingReportingOverflow(amount)
            guard !overflow else { throw failure(path, reason) }
            return sum
        }

        static func distinctNames(_ names: [(path: String, name: String)], of kind: String) throws(Failure) {
            var seen: [String: String] = [:]
            for (path, name) in names {
                if let other = seen.updateValue(path, forKey: Name.key(name)) {
                    throw failure(path,
                                  "\(Echo.quoted(name)) is also the name of \(other.dropLast(5)); "
                                      + "\(kind) names are unique in any case and accents")
                }
            }
        }
    }
}
