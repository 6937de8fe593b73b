import Domain
import Observation

/// First run: a welcome, the default categories and currency, then the first store and item.
@MainActor @Observable
public final class OnboardingViewModel: ErrorState {
    public enum Step: String, Sendable, Hashable, Encodable, CaseIterable {
        case welcome, setUp, firstStore, firstItem, done
    }

    public private(set) var step: Step = .welcome
    public private(set) var report: SetUpFirstRun.Report?
    public private(set) var firstStore: Store?
    public private(set) var firstItem: Item?
    public internal(set) var lastIntent = LastIntent()

    private let useCases: UseCases

    public init(useCases: UseCases) { self.useCases = useCases }

    /// Creates the default categories in `currency` (or the current one).
    @discardableResult
    public func setUp(currency code: String?) async -> Bool {
        await perform {
            report = try await useCases.setUpFirstRun(currency: try code.map { try Currency(code: $0) })
            step = .setUp
        }
    }

    @discardableResult
    public func addFirstStore(_ name: String) async -> Bool {
        await perform {
            firstStore = try await useCases.addStore(name: name)
            step = .firstStore
        }
    }

    @discardableResult
    public func addFirstItem(_ name: String, category: String, price: String) async -> Bool {
        await perform {
            firstItem = try await useCases.addItem(name: name, category: category, price: price, store: firstStore?.id.rawValue)
            step = .done
        }
    }
}
