import Domain
import Observation

/// Settings (menu): the currency, and erasing everything.
@MainActor @Observable
public final class SettingsViewModel: ErrorState, ConfirmsIntents {
    /// The settings as data; nil before `load` succeeds.
    public private(set) var document: SettingsDocument?
    /// What the last change did (`.currencySet`); nil until one succeeds.
    public private(set) var lastNotice: Notice?
    /// What the last intent left besides its Bool result: its error, or its warnings though it
    /// succeeded (`IntentOutcome`).
    public internal(set) var lastIntent = LastIntent()

    private let useCases: UseCases

    /// A settings screen with nothing read yet; fronts get one from `AppContainer.settings()`.
    public init(useCases: UseCases) { self.useCases = useCases }

    /// Reads the settings.
    @discardableResult
    public func load() async -> Bool {
        await perform { document = SettingsDocument(try await useCases.showSettings()) }
    }

    /// Switches the currency amounts are shown in. Amounts are not converted.
    /// - Parameter currency: read by the front from its ISO code (`Currency(code:)`).
    /// - Returns: false, with nothing changed, for a switch to a currency with other decimals
    ///   once any amount is stored.
    @discardableResult
    public func changeCurrency(_ currency: Currency) async -> Bool {
        await perform {
            let changed = try await useCases.changeCurrency(currency)
            document = SettingsDocument(changed)
            lastNotice = .currencySet(changed.currency)
        }
    }

    /// Erases all data. Fronts must have asked the person first.
    @discardableResult
    public func reset() async -> Bool {
        await perform {
            try await useCases.resetAllData()
            lastNotice = .everythingErased
            await afterSaving { document = SettingsDocument(try await useCases.showSettings()) }
        }
    }
}
