/// How text is drawn: plain ASCII by default; Unicode and ANSI colour only when asked for.
public struct RenderStyle: Sendable, Hashable {
    /// Whether `bold` and the other styles write ANSI colour and weight; off, they give the text
    /// as it is. The command line turns it on for a terminal that welcomes colour.
    public var color: Bool
    /// Whether bars and sparklines draw with block characters (`█░`, `▁▂▃`) instead of ASCII
    /// (`#-`, `_.-`).
    public var unicode: Bool
    /// The widest a line may be.
    public var width: Int

    /// A style as given; every part left out is the plain one (no colour, ASCII, 80 columns).
    public init(color: Bool = false, unicode: Bool = false, width: Int = 80) {
        self.color = color
        self.unicode = unicode
        self.width = width
    }

    /// ASCII without colour at 80 columns: for pipes, files, tests and `NO_COLOR`.
    public static let plain = RenderStyle()
    /// Colour and Unicode at 80 columns: for a terminal that welcomes colour (a front narrows
    /// `width` to its window).
    public static let rich = RenderStyle(color: true, unicode: true)

    /// `text` in bold when `color` is on (a title, a heading); `text` unchanged otherwise.
    public func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func green(_ text: String) -> String { wrap(text, "32") }
    func red(_ text: String) -> String { wrap(text, "31") }
    func yellow(_ text: String) -> String { wrap(text, "33") }

    /// The SGR parameters `wrap` writes, and the only escape sequences `TerminalText.safe` lets
    /// through: colour and weight, nothing that moves the cursor, hides text or talks to the
    /// terminal.
    static let codes: Set<String> = ["0", "1", "2", "31", "32", "33"]

    private func wrap(_ text: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
}
