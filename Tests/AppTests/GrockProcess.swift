import Foundation
import TestSupport

/// Runs the built `grock` binary in a temporary data directory with a fixed clock.
struct Grock: Sendable {
    struct Result: Sendable {
        let status: Int32
        let stdout: String
        let stderr: String
        /// Killed by a signal (a trap: `Illegal instruction`), `status` being the signal.
        var signalled = false
    }

    let home: TemporaryDirectory
    var environment: [String: String]

    init(now: String = "2026-03-02T10:00:00+01:00") throws {
        home = try TemporaryDirectory()
        environment = ["GROCK_HOME": home.path + "/data", "GROCK_NOW": now, "PATH": "/usr/bin:/bin", "NO_COLOR": "1"]
    }

    var dataDirectory: String { home.path + "/data" }

    /// The `grock` next to the test bundle.
    static let executable: URL = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("grock")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        fatalError("grock was not built next to the tests (\(CommandLine.arguments[0]))")
    }()

    /// Runs `grock` with the words of `line` (split on spaces; quote with `|` for spaces in a word)
    /// or with `arguments`, feeding `input` to stdin.
    @discardableResult
    func run(_ line: String, input: String? = nil, extra: [String: String] = [:]) throws -> Result {
        try run(arguments: line.split(separator: " ").map { $0.replacingOccurrences(of: "|", with: " ") }, input: input, extra: extra)
    }

    /// - Parameter directory: the working directory; the test's own when nil.
    /// A child that exits before reading its input must not take the tests down with SIGPIPE.
    private static let ignoresBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    func run(arguments: [String], input: String? = nil, extra: [String: String] = [:], directory: String? = nil) throws -> Result {
        Grock.ignoresBrokenPipes
        let process = Process()
        process.executableURL = Grock.executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.environment = environment.merging(extra) { $1 }
        let out = Pipe(), err = Pipe(), inPipe = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inPipe
        try process.run()
        // Input is written on a thread of its own and stderr read on another: a child that
        // answers while it reads (grock rpc) would otherwise fill a pipe and wait forever.
        let writer = inPipe.fileHandleForWriting
        let written = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            if let input { try? writer.write(contentsOf: Data(input.utf8)) }
            try? writer.close()
            written.signal()
        }
        let errors = ErrorOutput()
        let readErrors = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            errors.data = err.fileHandleForReading.readDataToEndOfFile()
            readErrors.signal()
        }
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        written.wait()
        readErrors.wait()
        let stderr = errors.data
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self), signalled: process.terminationReason == .uncaughtSignal)
    }

    /// Runs and requires success.
    @discardableResult
    func ok(_ line: String, input: String? = nil) throws -> String {
        let result = try run(line, input: input)
        guard result.status == 0 else { throw Failure("grock \(line) exited \(result.status): \(result.stderr)") }
        return result.stdout
    }

    /// Runs these arguments (at `now`, `GROCK_NOW`, if given) and requires success.
    @discardableResult
    func ok(_ arguments: [String], now: String? = nil) throws -> String {
        let result = try run(arguments: arguments, extra: now.map { ["GROCK_NOW": $0] } ?? [:])
        guard result.status == 0 else { throw Failure("grock \(arguments) exited \(result.status): \(result.stderr)") }
        return result.stdout
    }

    /// The data as `grock --json export --format json` gives it: equal on devices that merged the same.
    func export() throws -> String { try ok(["--json", "export", "--format", "json"]) }

    /// Runs with `--json` and decodes the document.
    func json(_ line: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(try ok("--json " + line).utf8))
    }

    /// A store with stores Aldi and Lidl, Milk, Bananas (per kg) and Bread, and a cart Weekly.
    func stocked() throws {
        for line in ["init", "store add Aldi", "store add Lidl", "item add Milk --category Dairy --price 1.09 --store Aldi",
                     "item price Milk --store Lidl --price 1.19", "item add Bananas --category Produce --price 1.99 --store Aldi --unit kg",
                     "item add Bread --category Bakery --price 2.49 --store Lidl", "cart new Weekly --budget 20",
                     "cart add Weekly Milk Bread", "cart add Weekly Bananas --qty 1.5"] {
            try ok(line)
        }
    }

    /// `stocked()`, then a finished trip of Weekly: Milk at 1.19, 1.2 kg Bananas at 2.05 and Gum
    /// bought on impulse at 0.99.
    func withHistory() throws {
        try stocked()
        for line in ["trip start Weekly", "trip log Weekly Milk --price 1.19", "trip log Weekly Bananas --price 2.05 --qty 1.2",
                     "trip impulse Weekly Gum --price 0.99", "trip finish Weekly"] { try ok(line) }
    }

    /// What a reader thread hands back once it is done (read after its semaphore).
    private final class ErrorOutput: @unchecked Sendable { var data = Data() }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
