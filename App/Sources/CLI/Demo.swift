import Composition
import Domain
import Presentation
import Terminal

/// `grock demo`: the whole journey on sample data in a throwaway in-memory store, in the acts
/// of a first week: set up, stock the vault, plan a cart, shop it, look back.
@MainActor
struct Demo {
    private let run: Invocation
    /// The throwaway store, on the command's clock (`GROCK_NOW` fixes the demo's dates too).
    private let container: AppContainer

    static func run(_ run: Invocation) async throws {
        let demo = Demo(run: run, container: AppContainer.inMemory(clock: run.container.useCases.clock))
        try await demo.setUp()
        try await demo.stockTheVault()
        try await demo.plan()
        try await demo.shop()
        try await demo.lookBack()
        run.console.out("\nThat was a throwaway store. Start for real with: grock init")
    }

    private func screen(_ title: String, _ text: String) {
        run.console.out("\n" + run.style.bold("== \(title) ==") + "\n" + text)
    }

    private func require(_ succeeded: Bool, _ model: some IntentOutcome) throws { try run.check(succeeded, model) }

    private func setUp() async throws {
        let onboarding = container.onboarding()
        run.console.out(onboarding.render(run.style))
        try require(await onboarding.setUp(currency: .euro), onboarding)
        screen("1. First run: grock init", onboarding.render(run.style))
    }

    private func stockTheVault() async throws {
        let stores = container.stores()
        for name in ["Aldi", "Lidl"] { try require(await stores.add(name), stores) }
        let vault = container.vault()
        let stock: [(String, String, String, String, MeasureUnit)] = [
            ("Milk", "Dairy", "1.09", "Aldi", .each), ("Butter", "Dairy", "2.29", "Lidl", .each),
            ("Bananas", "Produce", "1.99", "Aldi", .kg), ("Tomatoes", "Produce", "3.49", "Lidl", .kg),
            ("Sourdough", "Bakery", "3.20", "Lidl", .each), ("Pasta", "Pantry", "0.99", "Aldi", .each),
            ("Coffee", "Beverages", "6.49", "Aldi", .each), ("Dish soap", "Household", "1.79", "Lidl", .each),
        ]
        for (name, category, price, store, unit) in stock {
            try require(await vault.addItem(name, category: category, price: price, store: store, unit: unit), vault)
        }
        try require(await vault.setPrice("Milk", store: "Lidl", price: "0.99", unit: nil, promotion: true, until: nil), vault)
        try require(await vault.browse(), vault)
        screen("2. The vault: grock store add / grock item add / grock item list", vault.render(run.style))
        try require(await vault.show("Milk"), vault)
        screen("3. One item at every store: grock item show Milk", vault.render(run.style))
    }

    private func plan() async throws {
        let cart = container.cart("Weekly shop")
        try require(await cart.create(budget: "25"), cart)
        try require(await cart.add(["Milk"], quantity: Quantity(2)), cart)
        try require(await cart.add(["Bananas"], quantity: try Quantity(parsing: "1.2")), cart)
        try require(await cart.add(["Tomatoes", "Sourdough", "Pasta", "Coffee"]), cart)
        screen("4. Planning: grock cart new / grock cart add", cart.render(run.style))
        let home = container.home()
        try require(await home.load(), home)
        screen("5. Home: grock", home.render(run.style))
    }

    private func shop() async throws {
        let shop = container.shopping("Weekly shop")
        try require(await shop.begin(), shop)
        screen("6. In the store: grock shop \"Weekly shop\"", shop.render(run.style))
        for command in ["1", "2", "p 3 3.69", "4", "5", "+ Dark chocolate 1.49 @Aldi"] {
            _ = await shop.handle(command)
            if let error = shop.errorMessage { throw CommandFailure(kind: .refused, description: error) }
        }
        screen("7. Ticked off: 1, 2, p 3 3.69, 4, 5, + Dark chocolate 1.49 @Aldi", shop.render(run.style))
        try require(await shop.finish(), shop)
        screen("8. Finished: f", shop.render(run.style))
    }

    private func lookBack() async throws {
        let vault = container.vault()
        try require(await vault.show("Tomatoes"), vault)
        screen("9. The vault learned the price paid: grock item show Tomatoes", vault.render(run.style))
        let insights = container.insights()
        try require(await insights.load(by: .category), insights)
        screen("10. Insights: grock insights --by category", insights.render(run.style))
    }
}
