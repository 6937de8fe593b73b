import Domain
import Observation

/// Settings (menu): the currency, and erasing everything.
@MainActor @Observable
public final class SettingsViewModel: ErrorState {
    public private(set) var settings: Settings?
    public private(set) var notice: String?
    public internal(set) var lastIntent = LastIntent()

    private let useCases: UseCases

    public init(useCases: UseCases) { self.useCases = useCases }

    @discardableResult
    public func load() async -> Bool {
        await perform { settings = try await useCases.showSettings() }
    }

    @discardableResult
    public func changeCurrency(_ code: String) async -> Bool {
        await perform {
            settings = try await useCases.changeCurrency(try Currency(code: code))
            notice = "currency is now \(settings!.currency.code)"
        }
    }

    /// Erases all data. Fronts must have asked the person first.
    @discardableResult
    public func reset() async -> Bool {
        await perform {
            try await useCases.resetAllData()
            notice = "all data erased"
            await afterSaving { settings = try await useCases.showSettings() }
        }
    }
}
