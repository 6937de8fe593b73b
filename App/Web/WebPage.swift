/// The page `grock serve` serves: plain HTML, CSS and JavaScript, no framework (docs/WEB.md).
/// Names are only ever set as text (`textContent`), never as markup; the script is a file of its
/// own, as the Content-Security-Policy requires (no inline script).
///
/// Its four files are Swift strings, each in a file of its own named for it (`WebPage+HTML`,
/// `+Stylesheet`, `+Script`, `+ServiceWorker`), so that `grock` stays one static binary with
/// nothing to install beside it. SwiftPM's resources are a directory (`Grock_Web.resources`) that
/// the generated `Bundle.module` looks for beside the executable, then in the build folder, and
/// traps when neither is there: a binary copied alone would stop at its first page.
enum WebPage {
    /// The files the browser asks for.
    enum File: Equatable {
        /// `/`: the skeleton the script fills.
        case html
        /// `/app.css`.
        case stylesheet
        /// `/app.js`.
        case script
        /// `/sw.js`: the service worker that keeps the page for offline use.
        case serviceWorker

        /// The file's text, as served.
        var text: String {
            switch self {
            case .html: WebPage.html
            case .stylesheet: WebPage.stylesheet
            case .script: WebPage.script
            case .serviceWorker: WebPage.serviceWorker
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
