import Presentation

extension StoresViewModel {
    /// The stores (or the aisles) as `StoresScreen` draws them, with the last intent's error.
    public func render(_ style: RenderStyle = .plain) -> String {
        StoresScreen.render(documents, aisles: aislesDocument, error: errorMessage, style: style)
    }
}
