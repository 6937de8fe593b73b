// The page's HTML (`/`), served byte for byte. Compiled in as a Swift string, not a SwiftPM
// resource: on Linux a resource lives in a bundle folder that must sit beside the binary, and the
// generated `Bundle.module` traps when it is missing, so a `grock` copied alone would stop at its
// first page (WebPage.swift).
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
