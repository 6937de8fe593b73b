import Domain
import Observation

/// Completed trips, newest first.
@MainActor @Observable
public final class HistoryViewModel: ErrorState {
    /// The completed trips as rows, newest first, amounts as decimal strings; empty before `load`.
    public private(set) var rows: [TripRow] = []
    /// Whether `load` has succeeded once: an empty `rows` then means no history, not "not read".
    public private(set) var isLoaded = false
    /// What the last intent left besides its Bool result: its error, or its warnings though it
    /// succeeded (`IntentOutcome`).
    public internal(set) var lastIntent = LastIntent()

    private let useCases: UseCases

    /// A history screen with nothing read yet; fronts get one from `AppContainer.history()`.
    public init(useCases: UseCases) { self.useCases = useCases }

    /// Reads the completed trips.
    /// - Returns: false when the history cannot be read; `errorMessage` says why.
    @discardableResult
    public func load() async -> Bool {
        await perform {
            rows = try await useCases.listHistory().map(TripRow.init)
            isLoaded = true
        }
    }
}
