/// Whose requests `grock serve` answers, by their `Host` and `Origin` headers: its own address
/// only (a DNS-rebinding page reaches it under a name of its own), and changes from its own
/// page only (a page of another site sends its own `Origin`).
struct HostCheck {
    /// The port the server listens on, as a `Host` header ends with it.
    let port: UInt16

    /// Whether `host` (lowercased) names this server: only names that cannot be re-pointed at
    /// another machine by DNS, `localhost` and IP literals, on this server's port.
    func isOwnHost(_ host: String) -> Bool {
        let port = String(port)
        let name: Substring
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]"), host[host.index(after: close)...] == ":\(port)" else { return false }
            name = host[host.index(after: host.startIndex)..<close]
            return name.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
        }
        guard let colon = host.lastIndex(of: ":"), host[host.index(after: colon)...] == port else { return false }
        name = host[..<colon]
        if name == "localhost" { return true }
        let octets = name.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets.allSatisfy { UInt8($0) != nil }
    }

    /// Whether a request's `Origin` (none: not a browser's cross-site request) is the page's
    /// own, `http://` and its `Host`.
    static func isOwnOrigin(_ origin: String?, host: String?) -> Bool {
        guard let origin, let host else { return true }
        return origin == "http://\(host)"
    }
}
