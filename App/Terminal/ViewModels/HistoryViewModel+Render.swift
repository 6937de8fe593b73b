import Presentation

extension HistoryViewModel {
    /// The trips as `HistoryScreen` draws them, with the last intent's error; the error alone
    /// before they are read.
    public func render(_ style: RenderStyle = .plain) -> String {
        guard isLoaded else { return ProblemLines.only(errorMessage, style) }
        return HistoryScreen.render(rows, error: errorMessage, style: style)
    }
}
