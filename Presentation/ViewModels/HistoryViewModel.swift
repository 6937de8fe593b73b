import Domain
import Observation

/// Completed trips, newest first.
@MainActor @Observable
public final class HistoryViewModel: ErrorState {
    public private(set) var trips: [TripSummary] = []
    public private(set) var isLoaded = false
    public internal(set) var lastIntent = LastIntent()

    private let useCases: UseCases

    public init(useCases: UseCases) { self.useCases = useCases }

    public var rows: [TripRow] { trips.map(TripRow.init) }

    @discardableResult
    public func load() async -> Bool {
        await perform {
            trips = try await useCases.listHistory()
            isLoaded = true
        }
    }
}
