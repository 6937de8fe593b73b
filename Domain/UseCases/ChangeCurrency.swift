/// Switches the currency amounts are shown in. Amounts are not converted, so a switch between
/// currencies with different decimals is refused once any amount is stored.
public struct ChangeCurrency: Sendable {
    let storage: any Storage

    /// Usually reached as `UseCases.changeCurrency`.
    public init(storage: any Storage) { self.storage = storage }

    /// Makes `currency` the one every amount is in from now on.
    /// - Returns: the settings with the new currency.
    /// - Throws: `DomainError.currencyDigitsDiffer` when `currency` has other decimals than the
    ///   current one and an amount is stored (a price, a line, a budget or a trip).
    public func callAsFunction(_ currency: Currency) async throws -> Settings {
        try await storage.write { repositories in
            var settings = try repositories.settings()
            let previous = settings.currency
            if previous.minorDigits != currency.minorDigits {
                let hasAmounts = try repositories.allItems().contains { !$0.prices.isEmpty }
                    || repositories.activeCarts().contains { !$0.lines.isEmpty || $0.budget != nil }
                    || !repositories.completedTrips().isEmpty
                if hasAmounts { throw DomainError.currencyDigitsDiffer(from: previous.code, to: currency.code) }
            }
            settings.currency = currency
            try repositories.save(settings)
            return Change(settings, summary: "changed the currency from \(previous.code) to \(currency.code)")
        }
    }
}
