/// `grock shop CART`: the shopping-mode view model driven by lines typed on stdin.
@MainActor
enum ShopSession {
    static func run(_ run: Invocation) async throws {
        let shop = run.container.shopping(run.argument(0))
        try run.check(await shop.begin(), shop)
        // Started, but the list cannot be shown: the warning said so, and there is nothing to tick.
        guard shop.details != nil else { return }
        run.console.clearScreen()
        run.console.out(shop.render(run.style))
        while let line = run.console.readLine(prompt: "> ") {
            let outcome = await shop.handle(line)
            if outcome == .left { break }
            run.console.clearScreen()
            if !run.console.isInteractive { run.console.out("") }
            run.console.out(shop.render(run.style))
            if outcome == .finished { return }
        }
        run.console.out("Left shopping mode; everything is saved. Continue with: grock shop \"\(shop.details?.cart.name ?? run.argument(0))\"")
    }
}
