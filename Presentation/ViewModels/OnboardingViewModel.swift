import Domain
import Observation

/// First run: a welcome, the default categories and currency, then the first store and item.
@MainActor @Observable
public final class OnboardingViewModel: ErrorState {
    public enum Step: Int, Sendable, CaseIterable {
        case welcome, setUp, firstStore, firstItem, done
    }

    public private(set) var step: Step = .welcome
    public private(set) var report: SetUpFirstRun.Report?
    public private(set) var firstStore: Store?
    public private(set) var firstItem: Item?
    public internal(set) var errorMessage: String?
    public internal(set) var lastError: (any Error)?
    public internal(set) var warning: String?

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

    public func render(_ style: RenderStyle = .plain) -> String {
        var lines = errorLine(style)
        switch step {
        case .welcome:
            lines += [style.bold("Welcome to Grock"),
                      "Your grocery vault remembers what things cost at each store, so every cart",
                      "you plan comes with an honest estimate, and every trip keeps your prices",
                      "up to date. Everything stays on this machine."]
        case .setUp:
            guard let report else { break }
            if report.wasAlreadySetUp {
                lines.append("Grock is already set up (currency \(report.currency.code)); nothing was changed.")
            } else {
                lines.append("Grock is set up. Currency: \(report.currency.code).")
                lines.append("Categories: " + report.categoriesAdded.joined(separator: ", "))
            }
            lines += ["", "Next steps:",
                      "  grock store add Aldi",
                      "  grock item add Milk --category Dairy --price 1.09 --store Aldi",
                      "  grock cart new Weekly --budget 50",
                      "  grock cart add Weekly Milk --qty 2",
                      "  grock shop Weekly"]
        case .firstStore:
            lines.append("Added your first store, \(firstStore?.name ?? "").")
        case .firstItem, .done:
            lines.append("Added \(firstItem?.name ?? "your first item") to the vault. You are ready to plan a cart.")
        }
        return TextBlocks.fit(lines, width: style.width)
    }
}
