import Presentation

// `grock settings`: the settings document as text.

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
