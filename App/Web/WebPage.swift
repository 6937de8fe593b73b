/// The page `grock serve` serves: plain HTML, CSS and JavaScript, no framework, compiled into the
/// binary (docs/WEB.md). Names are only ever set as text (`textContent`), never as markup; the
/// script is a file of its own, as the Content-Security-Policy requires (no inline script).
///
/// Four files, one for each the browser asks for: the skeleton here (`/`), `WebPage+Style.swift`
/// (`/app.css`), `WebPage+Script.swift` (`/app.js`) and `WebPage+Worker.swift` (`/sw.js`).
enum WebPage {
    /// The skeleton the script fills: a header, the main area, the navigation.
    static let html = """
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="color-scheme" content="light dark">
    <title>Grock</title>
    <link rel="stylesheet" href="/app.css">
    <script src="/app.js" defer></script>
    </head>
    <body>
    <header><a href="#/" id="home-link">Grock</a><span id="status" role="status" aria-live="polite"></span></header>
    <div id="clashes" role="alert" hidden></div>
    <main id="main"><p>Loading…</p></main>
    <nav><a href="#/">Carts</a><a href="#/insights">Insights</a></nav>
    </body>
    </html>
    """
}
