// The page's HTML (`/`), a Swift string so that grock stays one static binary with nothing to
// install beside it (WebPage.swift says why not SwiftPM resources); served byte for byte.
extension WebPage {
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
