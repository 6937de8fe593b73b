import Domain
import Observation

/// First run: a welcome, the default categories and currency, then the first store and item.
@MainActor @Observable
public final class OnboardingViewModel: ErrorState {
    /// The steps of the first run, each the one just completed: `welcome` → `setUp` →
    /// `firstStore` → `done` (the first item added). A front asks for the next step's input.
    public enum Step: String, Sendable, Hashable, Encodable, CaseIterable {
        case welcome, setUp, firstStore, done
    }

    /// The step reached and what each step made, as data: set by each intent that succeeds.
    public private(set) var document = OnboardingDocument(step: .welcome, setup: nil, firstStore: nil, firstItem: nil)
    /// What the last intent left besides its Bool result: its error, or its warnings though it
    /// succeeded (`IntentOutcome`).
    public internal(set) var lastIntent = LastIntent()

    private let useCases: UseCases

    /// A first run at its welcome; fronts get one from `AppContainer.onboarding()`.
    public init(useCases: UseCases) { self.useCases = useCases }

    /// Creates the default categories in `currency` (or the current one); step `setUp`.
    /// - Parameter currency: read by the front from its ISO code (`Currency(code:)`).
    /// - Returns: false when setup was done before in another currency.
    @discardableResult
    public func setUp(currency: Currency?) async -> Bool {
        await perform {
            let report = try await useCases.setUpFirstRun(currency: currency)
            document.setup = SetupDocument(report)
            document.step = .setUp
        }
    }

    /// Adds the first store; step `firstStore`.
    /// - Returns: false, with nothing added, for a name invalid or taken.
    @discardableResult
    public func addFirstStore(_ name: String) async -> Bool {
        await perform {
            let store = try await useCases.addStore(name: name)
            document.firstStore = StoreDocument(store)
            document.step = .firstStore
        }
    }

    /// Adds the first item to the vault in `category` (a name or id) at `price` (as typed) at the
    /// first store, if one was added; step `done`.
    @discardableResult
    public func addFirstItem(_ name: String, category: String, price: String) async -> Bool {
        await perform {
            let item = try await useCases.addItem(name: name, category: category, price: price, store: document.firstStore?.id)
            document.firstItem = item.name
            document.step = .done
        }
    }
}
