import Presentation

// `grock settings`: `SettingsViewModel`'s settings as text.

extension SettingsViewModel {
    /// The settings, drawn from `document`.
    public func render(_ style: RenderStyle = .plain) -> String {
        var lines = errorLine(style)
        guard let settings = document else { return TextBlocks.fit(lines, width: style.width) }
        lines.append(style.bold("Settings"))
        lines += TextBlocks.table([
            ["Currency", "\(settings.currency) (\(settings.decimals) decimals)"],
            ["Set up", settings.setUp ? "yes" : "no - run grock init"],
        ])
        return TextBlocks.fit(lines, width: style.width)
    }
}
