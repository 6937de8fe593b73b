import Presentation

extension VaultViewModel {
    /// The view shown last as `VaultScreen` draws it, with the last intent's error.
    public func render(_ style: RenderStyle = .plain) -> String {
        VaultScreen.render(document, screen: screen, normalisedHistory: normalisedHistory, error: errorMessage, style: style)
    }
}
