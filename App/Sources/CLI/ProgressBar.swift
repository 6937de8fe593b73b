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
        let percent = Int(fraction * 100)
        guard enabled, percent != shown else { return }
        shown = percent
        let filled = percent / 5
        console.rawError("\rreading [\(String(repeating: "#", count: filled))\(String(repeating: "-", count: 20 - filled))] \(percent)%")
    }

    func finish() {
        if enabled && shown >= 0 { console.rawError("\r\u{1B}[K") }
    }
}
