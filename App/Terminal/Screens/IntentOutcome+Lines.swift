import Presentation

/// An intent's error and warning as the lines every screen draws above itself, in one style.
extension IntentOutcome {
    /// The error as a line to show above a screen, or nothing.
    func errorLine(_ style: RenderStyle) -> [String] {
        errorMessage.map { [style.red("error: " + $0)] } ?? []
    }

    /// The warnings as lines, for screens that stay open after an intent (a command line prints
    /// them on its own error stream instead).
    func warningLine(_ style: RenderStyle) -> [String] {
        warnings.map { style.yellow("warning: " + $0) }
    }
}
