import Presentation

extension OnboardingViewModel {
    /// The step reached as `OnboardingScreen` draws it, with the last intent's error.
    public func render(_ style: RenderStyle = .plain) -> String {
        OnboardingScreen.render(document, error: errorMessage, style: style)
    }
}
