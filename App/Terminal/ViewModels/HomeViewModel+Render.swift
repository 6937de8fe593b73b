import Presentation

extension HomeViewModel {
    /// The home screen as `HomeScreen` draws it, with the last intent's error; `Loading...`
    /// before it is read.
    public func render(_ style: RenderStyle = .plain) -> String {
        guard isLoaded else { return TextBlocks.fit(ProblemLines.error(errorMessage, style) + ["Loading..."], width: style.width) }
        return HomeScreen.render(document, figures: carts, error: errorMessage, style: style)
    }
}
