/// What `grock serve` answers at each path once a request has its session: the route table.
/// Each path answers one method (HEAD is answered as GET); another method there is 405, a path
/// not in the table 404. Pairing (`GET /?token=`) comes before the session, so it is not here.
enum WebRoute: Equatable {
    /// One of the page's files.
    case file(WebPage.File)
    /// `GET /session`: whether this browser is paired (200, else 401), and the version.
    case session
    /// `GET /events`: the stream of changes made meanwhile.
    case events
    /// `POST /rpc`: a JSON-RPC request.
    case rpc

    /// What a request's method and path come to.
    enum Lookup: Equatable {
        case route(WebRoute)
        /// The path is in the table, for another method (405).
        case wrongMethod
        /// No such path (404).
        case notFound
    }

    private static let table: [String: (method: String, route: WebRoute)] = [
        "/": ("GET", .file(.html)), "/app.css": ("GET", .file(.stylesheet)), "/app.js": ("GET", .file(.script)),
        "/sw.js": ("GET", .file(.serviceWorker)), "/session": ("GET", .session), "/events": ("GET", .events), "/rpc": ("POST", .rpc),
    ]

    /// The route for `method` and `path`.
    static func lookup(method: String, path: String) -> Lookup {
        // `/index.html` is `/` for GET only: other methods there were never in the table (404).
        let path = method == "GET" && path == "/index.html" ? "/" : path
        guard let entry = table[path] else { return .notFound }
        return entry.method == method ? .route(entry.route) : .wrongMethod
    }
}
