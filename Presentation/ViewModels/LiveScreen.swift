import Domain

/// A screen that shows the data afresh when it changes: a change made through another screen,
/// or by another process (`AppContainer.changes()` in Composition). A front follows the
/// changes for as long as the screen is shown:
///
///     .task { await cart.follow(container.changes()) }
@MainActor
public protocol LiveScreen: AnyObject {
    /// Reads again what the screen last showed (the same cart, item or plan, followed by id
    /// through renames; the same search and months), keeping what the person has set up on it
    /// and what their last intent left (its error, warning and cautions); a change is never
    /// made again (a plan is not re-applied).
    /// - Returns: false when it can no longer be read (the cart was deleted elsewhere); the
    ///   screen's error state says why.
    @discardableResult
    func refresh() async -> Bool
}

extension LiveScreen {
    /// Refreshes the screen on every change in `changes`, until the stream ends or the calling
    /// task is cancelled.
    public func follow(_ changes: AsyncStream<StorageChange>) async {
        for await _ in changes { await refresh() }
    }
}

extension HomeViewModel: LiveScreen {
    /// Reads the active carts and this month's spending again.
    public func refresh() async -> Bool { await keepingOutcome { await load() } }
}

extension StoresViewModel: LiveScreen {
    /// Reads the stores again; an aisle order shown gives way to the list.
    public func refresh() async -> Bool { await keepingOutcome { await load() } }
}

extension SettingsViewModel: LiveScreen {
    /// Reads the settings again.
    public func refresh() async -> Bool { await keepingOutcome { await load() } }
}

extension HistoryViewModel: LiveScreen {
    /// Reads the completed trips again.
    public func refresh() async -> Bool { await keepingOutcome { await load() } }
}

extension ReportViewModel: LiveScreen {
    /// Works the report out again.
    public func refresh() async -> Bool { await keepingOutcome { await load() } }
}

extension InsightsViewModel: LiveScreen {
    /// Reads the figures again for the same grouping and months.
    public func refresh() async -> Bool {
        await keepingOutcome { await load(by: grouping, from: range.from, to: range.to, base: range.base) }
    }
}
