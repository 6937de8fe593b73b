import Presentation

extension PlanViewModel {
    /// The plan as `PlanScreen` draws it, with the last intent's error; the error alone before
    /// it is worked out.
    public func render(_ style: RenderStyle = .plain) -> String {
        guard let document else { return ProblemLines.only(errorMessage, style) }
        return PlanScreen.render(document, error: errorMessage, style: style)
    }
}
