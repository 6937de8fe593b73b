import Domain
import Presentation

extension OnboardingViewModel {
    /// The step of the first run reached, with the next steps to type.
    public func render(_ style: RenderStyle = .plain) -> String {
        var lines = errorLine(style)
        switch step {
        case .welcome:
            lines += [style.bold("Welcome to Grock"),
                      "Your grocery vault remembers what things cost at each store, so every cart",
                      "you plan comes with an honest estimate, and every trip keeps your prices",
                      "up to date. Everything stays on this machine."]
        case .setUp:
            guard let report else { break }
            if report.wasAlreadySetUp {
                lines.append("Grock is already set up (currency \(report.currency.code)); nothing was changed.")
            } else {
                lines.append("Grock is set up. Currency: \(report.currency.code).")
                lines.append("Categories: " + report.categoriesAdded.joined(separator: ", "))
            }
            lines += ["", "Next steps:",
                      "  grock store add Aldi",
                      "  grock item add Milk --category Dairy --price 1.09 --store Aldi",
                      "  grock cart new Weekly --budget 50",
                      "  grock cart add Weekly Milk --qty 2",
                      "  grock shop Weekly"]
        case .firstStore:
            lines.append("Added your first store, \(firstStore?.name ?? "").")
        case .firstItem, .done:
            lines.append("Added \(firstItem?.name ?? "your first item") to the vault. You are ready to plan a cart.")
        }
        return TextBlocks.fit(lines, width: style.width)
    }
}
