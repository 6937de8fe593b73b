/// Where `grock serve` listens: `--listen ADDR:PORT` (`[ADDR]:PORT` for IPv6).
struct ListenAddress {
    let address: String
    let port: UInt16

    /// Loopback only, unless `--listen` says otherwise: the page is for this device until asked.
    static let loopback = ListenAddress(address: "127.0.0.1", port: 8421)

    private init(address: String, port: UInt16) {
        self.address = address
        self.port = port
    }

    /// `ADDR:PORT`, or `[ADDR]:PORT`; nil for anything else (no port, an empty address).
    init?(_ text: String) {
        guard let colon = text.lastIndex(of: ":"), let port = UInt16(text[text.index(after: colon)...]) else { return nil }
        var address = String(text[..<colon])
        if address.hasPrefix("[") && address.hasSuffix("]") { address = String(address.dropFirst().dropLast()) }
        guard !address.isEmpty else { return nil }
        self.init(address: address, port: port)
    }

    /// Whether only this device can reach it.
    var isLoopback: Bool { address == "127.0.0.1" || address == "::1" }
}
