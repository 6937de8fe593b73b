/// The page `grock serve` serves: plain HTML, CSS and JavaScript, no framework (docs/WEB.md).
/// Names are only ever set as text (`textContent`), never as markup; the script is a file of its
/// own, as the Content-Security-Policy requires (no inline script).
///
/// Its four files are in `Page/`, as what they are, and compiled into the module byte for byte
/// (`.embedInCode` in Package.swift: SwiftPM's generated `PackageResources`), so that `grock`
/// stays one static binary with nothing to install beside it. A copied resource (`.copy`,
/// `.process`) would be a folder beside the executable, found through `Bundle.module`, which
/// traps when it is missing: a binary copied alone would stop at its first page.
enum WebPage {
    /// The files the browser asks for.
    enum File: Equatable {
        /// `/` (`Page/index.html`): the skeleton the script fills.
        case html
        /// `/app.css`: light and dark colours, the layout of carts, lines and forms.
        case stylesheet
        /// `/app.js`: the screens drawn from the JSON-RPC methods' answers, and the queue of
        /// changes kept in the browser and sent again until the laptop has applied them.
        case script
        /// `/sw.js`: the service worker that keeps the page for offline use.
        case serviceWorker

        /// The file's bytes, as served.
        var bytes: [UInt8] {
            switch self {
            case .html: PackageResources.index_html
            case .stylesheet: PackageResources.app_css
            case .script: PackageResources.app_js
            case .serviceWorker: PackageResources.sw_js
            }
        }

        /// Its `Content-Type`.
        var contentType: String {
            switch self {
            case .html: "text/html; charset=utf-8"
            case .stylesheet: "text/css; charset=utf-8"
            case .script, .serviceWorker: "text/javascript; charset=utf-8"
            }
        }
    }
}
