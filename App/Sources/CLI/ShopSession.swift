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
        style.width = width(columns: run.console.columns)
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

    /// The width to draw in: the console's `columns`, else 80; wider than help's (the list is
    /// the whole screen), but never below 40 (a list of prices does not fit in less) nor above
    /// 1000.
    static func width(columns: Int?) -> Int { min(max(columns ?? 80, 40), 1000) }
}
