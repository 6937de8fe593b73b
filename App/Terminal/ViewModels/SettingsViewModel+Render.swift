import Presentation

extension SettingsViewModel {
    /// The settings as `SettingsScreen` draws them, with the last intent's error; the error
    /// alone before they are read.
    public func render(_ style: RenderStyle = .plain) -> String {
        guard let document else { return ProblemLines.only(errorMessage, style) }
        return SettingsScreen.render(document, error: errorMessage, style: style)
    }
}
