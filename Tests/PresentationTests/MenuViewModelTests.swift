import DataLayer
import Domain
import Observation
@testable import Presentation
import Terminal
import TestSupport
import Testing

@MainActor @Suite struct MenuViewModelTests {
    @Test func storesAndAisles() async throws {
        let (world, _) = try await weeklyWorld()
        let stores = StoresViewModel(useCases: world.useCases)
        await stores.load()
        #expect(stores.render() == "Stores\n  Aldi  added 2026-03-02\n  Lidl  added 2026-03-02")
        await stores.aisles(of: "aldi", set: ["Dairy"])
        #expect(lines(stores.render()).prefix(3) == ["Aisles of Aldi (walking order)", "   1.  Dairy",
            "   2.  Produce        (default order)"])
        #expect(await stores.add("Lidl") == false)
        #expect(stores.errorMessage == "a store named \"Lidl\" already exists")
        let empty = StoresViewModel(useCases: TestWorld(storage: InMemoryStorage()).useCases)
        await empty.load()
        #expect(empty.render() == "Stores\n  No stores yet - add one with: grock store add NAME")
    }

    @Test func settingsAndReset() async throws {
        let (world, _) = try await weeklyWorld()
        let settings = SettingsViewModel(useCases: world.useCases)
        await settings.load()
        #expect(settings.render() == "Settings\n  Currency  EUR (2 decimals)\n  Set up    yes")
        #expect(await settings.changeCurrency(try Currency(code: "JPY")) == false)
        #expect(settings.errorMessage
            == "cannot switch from EUR to JPY: they have different decimals and Grock does not convert stored amounts")
        #expect(await settings.reset())
        #expect(settings.render() == "Settings\n  Currency  EUR (2 decimals)\n  Set up    no - run grock init")
    }

    @Test func onboardingWalksThroughFirstRun() async throws {
        let onboarding = OnboardingViewModel(useCases: TestWorld(storage: InMemoryStorage()).useCases)
        #expect(lines(onboarding.render())[0] == "Welcome to Grock")
        #expect(await onboarding.setUp(currency: try Currency(code: "usd")))
        #expect(lines(onboarding.render())[0] == "Grock is set up. Currency: USD.")
        #expect(await onboarding.addFirstStore("Corner shop"))
        #expect(await onboarding.addFirstItem("Eggs", category: "Dairy", price: "2.99"))
        #expect(onboarding.render() == "Added Eggs to the vault. You are ready to plan a cart.")
        #expect(await onboarding.setUp(currency: nil))
        #expect(lines(onboarding.render())[0] == "Grock is already set up (currency USD); nothing was changed.")
    }
}
