import Foundation
@testable import App
import TestSupport
import Testing

/// No trap is reachable from input: every command of `grock` and every method of `grock rpc`,
/// run with generated arguments (numbers at and past the bounds, packs and units of every
/// kind, empty and huge strings, control characters, dates that do not exist) against a
/// seeded data directory, ends with a documented exit code and a one-line error, never a
/// signal or a stack trace. `GROCK_FUZZ_RUNS` sets the runs per command (docs/TESTING.md
/// records a long run); the seed is printed with every failure.
@Suite(.serialized) struct CommandFuzzTests {
    static let runs = Int(ProcessInfo.processInfo.environment["GROCK_FUZZ_RUNS"] ?? "") ?? 4
    static let seed = UInt64(ProcessInfo.processInfo.environment["GROCK_FUZZ_SEED"] ?? "") ?? 23

    /// Values a person, a script or an attacker might type. Paths stay inside the test's
    /// directory (the working directory of every run): `export --output` and `sync init` write.
    static let values = [
        "", " ", "0", "-1", "1", "1.5", "0.001", "0.0001", "1000000.00", "1000000.01", "100000", "100001", "1e9", "1,5", "NaN", "inf",
        "9223372036854775807", "-9223372036854775808", "99999999999999999999", "0x10", "250g", "2,5kg", "6x1,5L", "10 Stk", "pack", "kg",
        "each", "lb", "pack:250g", "0g", "1.5 pack", "2026-02-30", "2026-13-01", "9999-12-31", "0000-01-01", "2026-03-01 25:00",
            "1969-12-31",
        "Milk", "milk", "Weekly", "Aldi", "Lidl", "Bananas", "Weekly@2026-03-02", "Weekly@2026-02-31", "@", "--", "-x", "--qty", "🍎",
        "\u{202E}evil", "\u{1B}[2J", "a\u{01}b", "line\nbreak", "tab\there", "'", "\"", "$(touch pwned)", ".", "x", "sub/dir/x", "USD",
            "JPY", "XXX", "csv", "json", "ledger", "store", "category", "item", "month",
        String(repeating: "A", count: 5000), String(repeating: "9", count: 400),
    ]

    /// One command line for `command`: a number of arguments around what it takes, and some of
    /// its options with values or none.
    static func arguments(for command: Command, _ random: inout SeededGenerator) -> [String] {
        var words = command.path
        let count = Int.random(in: max(0, command.arguments.lowerBound - 1)...(command.arguments.upperBound + 1), using: &random)
        for _ in 0..<min(count, 6) { words.append(values.randomElement(using: &random)!) }
        // A server runs until stopped: `serve` always gets a generated `--listen`, which no value above makes valid.
        for option in command.options where Bool.random(using: &random) || command.path == ["serve"] && option == "listen" {
            words.append("--" + option)
            if Arguments.valued.contains(option) { words.append(values.randomElement(using: &random)!) }
        }
        return words
    }

    static func check(_ result: Grock.Result, _ what: String) {
        #expect(!result.signalled, "\(what): killed by signal \(result.status): \(result.stderr.prefix(400))")
        #expect((0...3).contains(result.status), "\(what): exit \(result.status)")
        #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("Stack dump"), "\(what): \(result.stderr.prefix(400))")
        // `Invocation.value(_:)` refuses to read an option the command does not declare.
        #expect(!result.stderr.contains("which it does not declare"), "\(what): \(result.stderr.prefix(400))")
        if result.status != 0 {
            // One line (a warning may come before it).
            #expect(result.stderr.hasSuffix("\n") && result.stderr.split(separator: "\n").last?.hasPrefix("grock: ") == true,
                    "\(what): \(result.stderr.prefix(400))")
        }
    }

    @Test func everyCommandWithGeneratedArguments() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        try grock.ok("item add Eggs --category Dairy --price 2.49 --store Aldi --pack 10")
        try grock.ok("trip start Weekly")
        var random = SeededGenerator(state: Self.seed)
        // Commands that wait for a person or a server are fed input that ends them.
        let commands = Commands.all.filter { !$0.path.isEmpty }
        for round in 0..<Self.runs {
            for command in commands.shuffled(using: &random) {
                let arguments = Self.arguments(for: command, &random)
                let result = try grock.run(arguments: arguments, input: command.path == ["rpc"] ? "{}\n" : "q\n",
                    directory: grock.home.path)
                Self.check(result,
                    "seed \(Self.seed), round \(round): grock \(arguments.map { $0.debugDescription }.joined(separator: " "))")
            }
        }
    }

    /// Every example of every command, run as shown (up to a redirection or a comment) against
    /// a seeded data directory: what a command reads on its usual path, every option of it
    /// included, is what it declares. `serve` is left out: its examples run until stopped.
    @Test func everyExampleReadsOnlyTheOptionsItsCommandDeclares() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        try grock.ok("trip start Weekly")
        for command in Commands.visible where command.path != ["serve"] {
            for example in command.examples where example.hasPrefix("grock ") {
                let arguments = Array(Self.words(of: example).dropFirst())
                let result = try grock.run(arguments: arguments, input: command.path == ["rpc"] ? "{}\n" : "q\n",
                    directory: grock.home.path)
                // Not `check`: an example with --json fails with a JSON document, not a line.
                #expect(!result.signalled && (0...3).contains(result.status), "\(example): \(result.stderr.prefix(400))")
                #expect(!result.stderr.contains("which it does not declare"), "\(example): \(result.stderr.prefix(400))")
            }
        }
    }

    /// The words of an example as a shell splits them, double quotes kept together, up to the
    /// first redirection, pipe or comment.
    static func words(of example: String) -> [String] {
        var words: [String] = [], word = "", quoted = false
        for character in example + " " {
            if character == "\"" { quoted.toggle(); continue }
            if quoted || character != " " { word.append(character); continue }
            if [">", "<", "|", "#", "&&"].contains(word) || word.hasPrefix("<(") { break }
            if !word.isEmpty { words.append(word) }
            word = ""
        }
        return words
    }

    /// Every method `rpc.discover` lists, with generated parameters of every JSON type.
    @Test func everyRPCMethodWithGeneratedParameters() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        try grock.ok("trip start Weekly")
        let discovered = try grock.run(arguments: ["rpc"], input: #"{"jsonrpc":"2.0","id":1,"method":"rpc.discover"}"# + "\n")
        let document = try JSONSerialization.jsonObject(with: Data(discovered.stdout.utf8)) as? [String: Any]
        let methods = ((document?["result"] as? [String: Any])?["methods"] as? [[String: Any]]) ?? []
        #expect(methods.count > 20)
        var random = SeededGenerator(state: Self.seed)
        // Objects too, with whole numbers at the ends of 64 bits (a receipt's decisions).
        let objects: [Any] = [[["line": Int64.min, "decision": "skip"]], [["line": Int64.max, "decision": "item", "item": 1], ["line": 0]]]
        let jsonValues: [Any] = Self.values.map { $0 as Any } + [0, -1, 1.5, 1e300, -1e300, Int64.max, Int64.min, true, false, NSNull(),
            [1, 2], ["a": 1], []] + objects
        var requests: [String] = []
        for round in 0..<(Self.runs * 3) {
            for method in methods {
                guard let name = method["name"] as? String else { continue }
                let names = ((method["params"] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String } + ["extra"]
                var params: [String: Any] = [:]
                for parameter in names where Int.random(in: 0..<4, using: &random) > 0 {
                    params[parameter] = jsonValues.randomElement(using: &random)!
                }
                let request: [String: Any] = ["jsonrpc": "2.0", "id": round * 1000 + requests.count, "method": name, "params": params]
                requests.append(String(decoding: try JSONSerialization.data(withJSONObject: request), as: UTF8.self))
            }
        }
        let result = try grock.run(arguments: ["rpc"], input: requests.joined(separator: "\n") + "\n")
        Self.check(result, "seed \(Self.seed): grock rpc with \(requests.count) requests")
        let responses = result.stdout.split(separator: "\n")
        // One response a request, each a result or an error: the server never stopped.
        #expect(responses.count == requests.count, "seed \(Self.seed): \(responses.count) responses to \(requests.count) requests")
        for (request, response) in zip(requests, responses) where !(response.contains("\"result\"") || response.contains("\"error\"")) {
            Issue.record("seed \(Self.seed): \(request) -> \(response.prefix(300))")
        }
    }
}
