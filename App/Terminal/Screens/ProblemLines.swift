// An intent's error and warnings as the lines a screen draws above itself, in one style. A screen
// is given them as plain text, so that it draws from its document alone.

enum ProblemLines {
    /// The error as a line to show above a screen, or nothing.
    static func error(_ message: String?, _ style: RenderStyle) -> [String] {
        message.map { [style.red("error: " + $0)] } ?? []
    }

    /// The warnings as lines, for screens that stay open after an intent (a command line prints
    /// them on its own error stream instead).
    static func warnings(_ warnings: [String], _ style: RenderStyle) -> [String] {
        warnings.map { style.yellow("warning: " + $0) }
    }

    /// A screen with no document yet (not read, or gone): its error alone, fitted.
    static func only(_ message: String?, _ style: RenderStyle) -> String {
        TextBlocks.fit(error(message, style), width: style.width)
    }
}
