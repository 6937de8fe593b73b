import Presentation

// `grock init`: `OnboardingViewModel`'s first-run steps as text.

extension OnboardingViewModel {
    /// The step of the first run reached, with the next steps to type, drawn from `document`.
    public func render(_ style: RenderStyle = .plain) -> String {
        var lines = errorLine(style)
        let state = document
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
            lines += ["", "Next steps:",
                      "  grock store add Aldi",
                      "  grock item add Milk --category Dairy --price 1.09 --store Aldi",
                      "  grock cart new Weekly --budget 50",
                      "  grock cart add Weekly Milk --qty 2",
                      "  grock shop Weekly"]
        case .firstStore:
            lines.append("Added your first store, \(state.firstStore?.name ?? "").")
        case .done:
            lines.append("Added \(state.firstItem ?? "your first item") to the vault. You are ready to plan a cart.")
        }
        return TextBlocks.fit(lines, width: style.width)
    }
}
