import Presentation

extension InsightsViewModel {
    /// The figures as `InsightsScreen` draws them, in the grouping and range asked, with the last
    /// intent's error; the error alone before they are read.
    public func render(_ style: RenderStyle = .plain) -> String {
        guard let document else { return ProblemLines.only(errorMessage, style) }
        return InsightsScreen.render(document, grouping: grouping, range: range, error: errorMessage, style: style)
    }
}
