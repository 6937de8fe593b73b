import Domain

/// Finishes a trip on a new cart buying `items` (name, price) at `store`.
func trip(_ u: UseCases, _ name: String, at store: String, _ items: [(String, String)], qty: String = "1") async throws {
    _ = try await u.createCart(name: name)
    _ = try await u.addToCart(cart: name, items: items.map(\.0), quantity: try Quantity(parsing: qty), store: store)
    _ = try await u.startTrip(name)
    for (item, price) in items { _ = try await u.logPurchase(cart: name, item: item, price: price, store: store) }
    _ = try await u.finishTrip(name)
}
