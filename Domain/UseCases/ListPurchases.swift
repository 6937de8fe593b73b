/// Every purchased line of every completed trip, oldest trip first.
public struct ListPurchases: Sendable {
    let storage: any Storage

    /// Usually reached as `UseCases.listPurchases`.
    public init(storage: any Storage) { self.storage = storage }

    /// Every line bought on a completed trip, as a CSV export writes it: a store not known has
    /// an empty name, an impulse buy an empty category.
    public func callAsFunction() async throws -> [Purchase] {
        try await storage.read { repositories in
            let stores = Dictionary(firstByKey: try repositories.allStores().map { ($0.id, $0.name) })
            let spending = try repositories.spending()
            let trips = spending.trips
            var purchases: [Purchase] = []
            spending.forEachLine { line in
                let trip = trips[line.trip]
                purchases.append(Purchase(date: trip.completedAt.day, trip: trip.name, store: line.store.flatMap { stores[$0] } ?? "",
                                          category: line.category ?? "", item: line.item, quantity: line.quantity, unit: line.unit,
                                          basis: line.basis, price: line.price))
            }
            return purchases
        }
    }
}
