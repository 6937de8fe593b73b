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
                details: """
                For another program: the same view models as the command line, results as --json prints them, failures with \
                error.data.kind (invalidInput, notFound, refused, conflict, storage). Amounts and quantities are strings. \
                rpc.discover lists the methods. Ends when stdin ends.
                """,
                examples: ["grock rpc < requests.jsonl", "grock --data-dir ~/grock-test rpc"], storageWork: .background,
                changeLimit: .unlimited) { run in
            if let failure = await RPCServer(container: run.container).run(input: STDIN_FILENO, output: STDOUT_FILENO) {
                throw CommandFailure(kind: .storage, description: "cannot write the output: \(failure)")
            }
        },
        Command("serve", usage: "grock serve",
                summary: "Serve the page a phone opens to plan and shop, offline in the store too (docs/WEB.md).",
                details: """
                Listens on 127.0.0.1:8421 unless --listen says (--listen 0.0.0.0:8421 for the home network) and prints the URL to \
                open once on each device: it carries a pairing token, which pairs one browser (the next URL is printed after each \
                pairing); then the browser keeps a session. Every request needs it, on loopback too.

                With --listen it is plain HTTP: anyone on the network who captures the traffic takes the token or the session \
                and can read and change everything (docs/WEB.md); use it on a network you trust.

                --revoke draws a new token and ends every session, then exits. Runs until stopped (Ctrl-C).
                """,
                examples: ["grock serve", "grock serve --listen 0.0.0.0:8421", "grock serve --revoke"],
                options: [.optional(.listen), .optional(.revoke)], storageWork: .background, changeLimit: .unlimited) { run in
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
