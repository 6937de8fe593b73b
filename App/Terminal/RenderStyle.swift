/// How text is drawn: plain ASCII by default; Unicode and ANSI colour only when asked for.
public struct RenderStyle: Sendable, Hashable {
    public var color: Bool
    public var unicode: Bool
    /// The widest a line may be.
    public var width: Int

    public init(color: Bool = false, unicode: Bool = false, width: Int = 80) {
        self.color = color
        self.unicode = unicode
        self.width = width
    }

    public static let plain = RenderStyle()
    public static let rich = RenderStyle(color: true, unicode: true)

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
