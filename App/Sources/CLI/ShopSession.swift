import Composition
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Presentation
import Terminal

/// `grock shop CART`: the shopping-mode view model driven by lines typed on stdin.
@MainActor
enum ShopSession {
    static func run(_ run: Invocation) async throws {
        let shop = try run.container.shopping(run.argument(0))
        try run.check(await shop.begin(), shop)
        // Started, but the list cannot be shown: the warning said so, and there is nothing to tick.
        guard shop.document.cart != nil else { return }
        var style = run.style
        style.width = width(columns: ProcessEnvironment.current["COLUMNS"])
        run.console.clearScreen()
        run.console.out(shop.render(style))
        // A question (remove an impulse buy?) is answered by the next line, typed or piped:
        // only y or yes removes; the end of input leaves with nothing removed.
        while let line = run.console.readLine(prompt: "> ") {
            let outcome = await shop.handle(line)
            if outcome == .left { break }
            run.console.clearScreen()
            if !run.console.isInteractive { run.console.out("") }
            run.console.out(shop.render(style))
            if outcome == .finished { return }
        }
        run.console.out(shop.farewell(style))
    }

    /// The columns to draw in: `COLUMNS` when it is a number, else the terminal's width, else
    /// 80; never below 40 (a list of prices does not fit in less) nor above 1000.
    static func width(columns: String?) -> Int {
        if let columns, let number = Int(columns), number > 0 { return min(max(number, 40), 1000) }
        var size = winsize()
        if isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return min(max(Int(size.ws_col), 40), 1000)
        }
        return 80
    }
}
