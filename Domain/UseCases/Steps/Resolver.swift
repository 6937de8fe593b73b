/// Finds the entity a person means by a name or an identifier (or a unique prefix of one),
/// with a "did you mean" suggestion when nothing matches.
struct Resolver {
    let repositories: any Repositories

    /// The shortest identifier prefix accepted, so that a short word is not taken for an id.
    static let minimumPrefix = 4

    func store(_ reference: String) throws -> Store {
        try Resolver.match(reference, kind: .store, in: repositories.allStores().filter { !$0.isRemoved }, name: \.name, id: \.id.rawValue)
    }

    func category(_ reference: String) throws -> Category {
        try Resolver.match(reference, kind: .category, in: repositories.allCategories(), name: \.name, id: \.id.rawValue)
    }

    func item(_ reference: String) throws -> Item {
        // The usual cases without reading every name: an exact id, or the one item of that name.
        let text = reference.trimmingWhitespace()
        if let item = try repositories.item(ItemID(text)) { return item }
        let named = try repositories.itemNames(withKey: Name.key(text))
        if named.count == 1, let item = try repositories.item(named[0].id) { return item }
        let found = try Resolver.match(reference, kind: .item, in: repositories.itemNames(), name: \.name, id: \.id.rawValue)
        guard let item = try repositories.item(found.id) else { throw DomainError.notFound(kind: .item, name: reference, suggestion: nil) }
        return item
    }

    /// An active cart by name or id; failing that, a completed one (the most recent of a name);
    /// failing that, `NAME@YYYY-MM-DD`: the trip of that name finished that day. A whole name
    /// always comes first, so a cart named `Tea@Home` or even `Weekly@2026-10-03` stays
    /// reachable by its name.
    /// - Throws: `DomainError.notFound`, `.ambiguous`, `.severalTripsOnDay`, `.noTripOnDay`.
    func cart(_ reference: String) throws -> Cart {
        let active = try repositories.activeCarts()
        do {
            return try Resolver.match(reference, kind: .cart, in: active, name: \.name, id: \.id.rawValue)
        } catch DomainError.notFound(_, _, let suggestion) {
            // Not an active cart: look in history, keeping the suggestion among active carts.
            do { return try completedCart(reference) } catch DomainError.notFound(let kind, let name, let other) {
                if let trip = try tripOnDay(reference) { return trip }
                throw DomainError.notFound(kind: kind, name: name, suggestion: suggestion ?? other)
            }
        }
    }

    /// The completed trip that `NAME@YYYY-MM-DD` names; nil when the reference is not of that
    /// form or no trip has that name.
    private func tripOnDay(_ reference: String) throws -> Cart? {
        let text = reference.trimmingWhitespace()
        guard let at = text.lastIndex(of: "@"), let day = Day(iso: String(text[text.index(after: at)...])) else { return nil }
        let key = Name.key(String(text[..<at]))
        let trips = try repositories.completedTrips().filter { Name.key($0.name) == key }
        guard let newest = trips.last else { return nil }
        let thatDay = trips.filter { $0.completedAt.day == day }
        guard thatDay.count == 1 else {
            if thatDay.isEmpty {
                let days = trips.sorted { $0.completedAt > $1.completedAt }.map(\.completedAt.day.description)
                throw DomainError.noTripOnDay(name: newest.name, day: day.description, days: days)
            }
            throw DomainError.severalTripsOnDay(name: newest.name, day: day.description,
                                                ids: thatDay.map { String($0.cartID.rawValue.prefix(8)) })
        }
        guard let cart = try repositories.cart(thatDay[0].cartID) else {
            throw DomainError.notFound(kind: .cart, name: reference, suggestion: nil)
        }
        return cart
    }

    private func completedCart(_ reference: String) throws -> Cart {
        let completed = try repositories.completedTrips().reversed().sorted { $0.completedAt > $1.completedAt }
        let key = Name.key(reference)
        let trip = try completed.first(where: { Name.key($0.name) == key })
            ?? Resolver.match(reference, kind: .cart, in: completed, name: \.name, id: \.cartID.rawValue)
        guard let cart = try repositories.cart(trip.cartID) else {
            throw DomainError.notFound(kind: .cart, name: reference, suggestion: nil)
        }
        return cart
    }

    /// The line on `cart` that `reference` names: by item name or id, impulse lines included.
    func line(_ reference: String, on cart: Cart) throws -> CartItem {
        do {
            return try Resolver.match(reference, kind: .line(onCart: cart.name), in: cart.lines, name: \.name, id: \.itemID.rawValue)
        } catch DomainError.notFound(_, _, let suggestion) {
            throw DomainError.notFound(kind: .line(onCart: cart.name), name: reference, suggestion: suggestion)
        }
    }

    func settings() throws -> Settings { try repositories.settings() }

    /// Exact id, then name (case- and accent-insensitive), then unique id prefix.
    static func match<T>(_ reference: String, kind: EntityKind, in candidates: [T], name: (T) -> String, id: (T) -> String) throws -> T {
        let text = reference.trimmingWhitespace()
        if let exact = candidates.first(where: { id($0) == text }) { return exact }
        let key = Name.key(text)
        let named = candidates.filter { Name.key(name($0)) == key }
        if named.count == 1 { return named[0] }
        if named.count > 1 {
            throw DomainError.ambiguous(kind: kind, name: text, candidates: named.map { "\(name($0)) (\(id($0).prefix(8)))" })
        }
        if text.count >= minimumPrefix {
            let prefixed = candidates.filter { id($0).hasPrefix(text.lowercased()) }
            if prefixed.count == 1 { return prefixed[0] }
            if prefixed.count > 1 {
                throw DomainError.ambiguous(kind: kind, name: text, candidates: prefixed.map { "\(name($0)) (\(id($0).prefix(8)))" })
            }
        }
        throw DomainError.notFound(kind: kind, name: text, suggestion: Name.closest(to: text, among: candidates.map(name)))
    }
}

/// Checks that a new name is free among the names of one kind.
func requireUnique(_ name: String, kind: String, among existing: [String]) throws {
    let key = Name.key(name)
    if let taken = existing.first(where: { Name.key($0) == key }) { throw DomainError.duplicateName(kind: kind, name: taken) }
}
