import Presentation

// `grock settings`: the settings document as text.

extension SettingsViewModel {
    /// The settings as `SettingsScreen` draws them, with the last intent's error; the error
    /// alone before they are read.
    public func render(_ style: RenderStyle = .plain) -> String {
        guard let document else { return ProblemLines.only(errorMessage, style) }
        return SettingsScreen.render(document, error: errorMessage, style: style)
    }
}

/// The settings screen, drawn from values alone.
public enum SettingsScreen {
    /// The settings, with the last intent's `error` above.
    public static func render(_ settings: SettingsDocument, error: String? = nil, style: RenderStyle = .plain) -> String {
        var lines = ProblemLines.error(error, style)
        lines.append(style.bold("Settings"))
        lines += TextBlocks.table([
            ["Currency", "\(settings.currency) (\(settings.decimals) decimals)"],
            ["Set up", settings.setUp ? "yes" : "no - run " + Hints.setUp],
        ])
        return TextBlocks.fit(lines, width: style.width)
    }
}
