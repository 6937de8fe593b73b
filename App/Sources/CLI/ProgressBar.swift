/// A progress bar on stderr, for long imports at a terminal.
@MainActor
final class ProgressBar {
    private let console: Console
    private let enabled: Bool
    private var shown = -1

    init(console: Console, enabled: Bool) {
        self.console = console
        self.enabled = enabled
    }

    func show(_ fraction: Double) {
        // Clamped before converting: a fraction past 1 or NaN would trap in `Int(_:)` or
        // `String(repeating:count:)`, whoever computed it.
        let percent = fraction.isNaN ? 0 : Int(min(max(fraction, 0), 1) * 100)
        guard enabled, percent != shown else { return }
        shown = percent
        let filled = percent / 5
        console.rawError("\rreading [\(String(repeating: "#", count: filled))\(String(repeating: "-", count: 20 - filled))] \(percent)%")
    }

    func finish() {
        if enabled && shown >= 0 { console.rawError("\r\u{1B}[K") }
    }
}
