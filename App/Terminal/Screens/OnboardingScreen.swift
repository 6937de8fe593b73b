import Presentation

// `grock init`: the first run's document as text.

/// The first-run screen, drawn from values alone.
public enum OnboardingScreen {
    /// The step of the first run reached, with the next steps to type; the last intent's `error` above.
    public static func render(_ state: OnboardingDocument, error: String? = nil, style: RenderStyle = .plain) -> String {
        var lines = ProblemLines.error(error, style)
        switch state.step {
        case .welcome:
            lines += [style.bold("Welcome to Grock"),
                      "Your grocery vault remembers what things cost at each store, so every cart",
                      "you plan comes with an honest estimate, and every trip keeps your prices",
                      "up to date. Everything stays on this machine."]
        case .setUp:
            guard let setup = state.setup else { break }
            if setup.alreadySetUp {
                lines.append("Grock is already set up (currency \(setup.currency)); nothing was changed.")
            } else {
                lines.append("Grock is set up. Currency: \(setup.currency).")
                lines.append("Categories: " + setup.categoriesAdded.joined(separator: ", "))
            }
            lines += ["", "Next steps:"] + Hints.firstSteps.map { "  " + $0 }
        case .firstStore:
            lines.append("Added your first store, \(state.firstStore?.name ?? "").")
        case .done:
            lines.append("Added \(state.firstItem ?? "your first item") to the vault. You are ready to plan a cart.")
        }
        return TextBlocks.fit(lines, width: style.width)
    }
}
