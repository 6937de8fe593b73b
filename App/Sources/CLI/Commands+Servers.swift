import RPC
import Web
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Commands {
    /// The fronts for other programs: `grock rpc` on stdin and stdout, `grock serve` over HTTP.
    static let servers: [Command] = [
        Command("rpc", usage: "grock rpc",
                summary: "Serve JSON-RPC 2.0 on stdin and stdout: one request a line, one response a line (docs/RPC.md).",
                details: "For another program: the same view models as the command line, results as --json prints\nthem, failures with error.data.kind (invalidInput, notFound, refused, conflict, storage).\nAmounts and quantities are strings. rpc.discover lists the methods. Ends when stdin ends.",
                examples: ["grock rpc < requests.jsonl", "grock --data-dir ~/grock-test rpc"], storageWork: .background, changeLimit: .unlimited) { run in
            if let failure = await RPCServer(container: run.container).run(input: STDIN_FILENO, output: STDOUT_FILENO) {
                throw CommandFailure(kind: .storage, description: "cannot write the output: \(failure)")
            }
        },
        Command("serve", usage: "grock serve",
                summary: "Serve the page a phone opens to plan and shop, offline in the store too (docs/WEB.md).",
                details: "Listens on 127.0.0.1:8421 unless --listen says (--listen 0.0.0.0:8421 for the home network) and prints the URL "
                    + "to open once on each device: it carries a pairing token, which pairs one browser (the next URL is printed after each "
                    + "pairing); then the browser keeps a session. Every request needs it, "
                    + "on loopback too. With --listen it is plain HTTP: anyone on the network who captures the traffic takes the token "
                    + "or the session and can read and change everything (docs/WEB.md); use it on a network you trust. "
                    + "--revoke draws a new token and ends every session, then exits. Runs until stopped (Ctrl-C).",
                examples: ["grock serve", "grock serve --listen 0.0.0.0:8421", "grock serve --revoke"], options: [.optional(.listen), .optional(.revoke)],
                storageWork: .background, changeLimit: .unlimited) { run in
            if try run.has(.revoke) {
                try WebServer.revoke(container: run.container)
                return run.console.out("Every session ended; the next grock serve prints a new URL.")
            }
            let listen = try run.value(.listen, takes: "ADDR:PORT, such as 0.0.0.0:8421", ListenAddress.init) ?? ListenAddress.loopback
            let server = try WebServer(container: run.container, options: WebServer.Options(address: listen.address, port: listen.port))
            try await server.run { url in
                run.console.out("Open \(url) on this device, or on your phone on the same network"
                                + (listen.isLoopback ? " (listening on loopback only: --listen 0.0.0.0:8421 for the phone)" : "") + ".")
            }
        },
    ]
}

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
