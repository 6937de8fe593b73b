import Presentation

/// The view models a front asks the container for, one per screen, each new and over the
/// container's `useCases`: it reads nothing until the front calls an intent.
extension AppContainer {
    /// A new home screen (active carts, this month's spending); it reads nothing until loaded.
    @MainActor public func home() -> HomeViewModel { HomeViewModel(useCases: useCases) }
    /// A new vault screen: categories, items, their prices and price history.
    @MainActor public func vault() -> VaultViewModel { VaultViewModel(useCases: useCases) }
    /// A new screen for the cart `reference` names (a name or an id, or the name `create` gives a
    /// new cart); an unknown cart is only reported when the screen loads, never here.
    @MainActor public func cart(_ reference: String) -> CartDetailViewModel { CartDetailViewModel(useCases: useCases, cart: reference) }
    /// A new in-store session for the cart `reference` names (a name or an id); nothing is read,
    /// and an unknown cart is not reported, until the session begins.
    @MainActor public func shopping(_ reference: String) -> ShoppingModeViewModel {
        ShoppingModeViewModel(useCases: useCases, cart: reference)
    }
    /// A new stores screen: the stores and each one's aisle order.
    @MainActor public func stores() -> StoresViewModel { StoresViewModel(useCases: useCases) }
    /// A new settings screen: the currency, and erasing everything.
    @MainActor public func settings() -> SettingsViewModel { SettingsViewModel(useCases: useCases) }
    /// The first-run flow: default categories and currency, then the first store and item.
    @MainActor public func onboarding() -> OnboardingViewModel { OnboardingViewModel(useCases: useCases) }
    /// A new insights screen: spending by month, store or category, and how budgets held.
    @MainActor public func insights() -> InsightsViewModel { InsightsViewModel(useCases: useCases) }
    /// A new list of completed trips, newest first.
    @MainActor public func history() -> HistoryViewModel { HistoryViewModel(useCases: useCases) }
    /// A new cheapest-plan screen: which store to buy each line of a cart at.
    @MainActor public func plan() -> PlanViewModel { PlanViewModel(useCases: useCases) }
    /// A new spending report: the figures a front draws as a report (the command line's is one
    /// self-contained HTML page, drawn by the `Report` target's `ReportPage`).
    @MainActor public func report() -> ReportViewModel { ReportViewModel(useCases: useCases) }
    /// A new receipt screen: lines read, matched and decided, then logged as one change.
    @MainActor public func receipt() -> ReceiptViewModel { ReceiptViewModel(useCases: useCases) }
}
