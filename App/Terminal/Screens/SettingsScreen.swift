import Domain
import Presentation

extension SettingsViewModel {
    /// The settings.
    public func render(_ style: RenderStyle = .plain) -> String {
        var lines = errorLine(style)
        guard let settings else { return TextBlocks.fit(lines, width: style.width) }
        lines.append(style.bold("Settings"))
        lines += TextBlocks.table([
            ["Currency", "\(settings.currency.code) (\(settings.currency.minorDigits) decimals)"],
            ["Set up", settings.isSetUp ? "yes" : "no - run grock init"],
        ])
        return TextBlocks.fit(lines, width: style.width)
    }
}
