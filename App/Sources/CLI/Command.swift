import Domain
import Presentation

/// One command of `grock`: its words, its help, what it accepts, and what it does.
struct Command {
    /// The words that name it, lowercase: `["cart", "add"]`; empty for the home screen.
    let path: [String]
    let usage: String
    let summary: String
    let details: String
    let examples: [String]
    /// The options it takes besides the global ones.
    let options: [String]
    /// How many positional arguments it takes.
    let arguments: ClosedRange<Int>
    let run: @MainActor (Invocation) async throws -> Void

    init(_ path: String, usage: String, summary: String, details: String = "", examples: [String] = [], options: [String] = [],
         arguments: ClosedRange<Int> = 0...0, run: @escaping @MainActor (Invocation) async throws -> Void) {
        self.path = path.split(separator: " ").map(String.init)
        self.usage = usage
        self.summary = summary
        self.details = details
        self.examples = examples
        self.options = options
        self.arguments = arguments
        self.run = run
    }

    var name: String { path.joined(separator: " ") }

    /// The text of `grock help COMMAND`.
    var help: String {
        var lines = ["Usage: \(usage)", "", summary]
        if !details.isEmpty { lines += ["", details] }
        if !examples.isEmpty { lines += ["", "Examples:"] + examples.map { "  " + $0 } }
        lines += ["", "Global options: --data-dir DIR | --in-memory, --json, --no-color, --help"]
        return lines.joined(separator: "\n")
    }
}

/// What a running command gets: its arguments, the container and the console.
@MainActor
struct Invocation {
    let arguments: [String]
    let parsed: Arguments
    let container: AppContainer
    let console: Console

    var json: Bool { parsed.global.json }
    var style: RenderStyle { console.style }

    func argument(_ index: Int) -> String { arguments[index] }

    /// The option's value parsed as a quantity.
    func quantity(_ option: String) throws -> Quantity? {
        try parsed.value(option).map { try Quantity(parsing: $0) }
    }

    func unit() throws -> MeasureUnit? { try parsed.value("unit").map { try MeasureUnit(parsing: $0) } }

    func day(_ option: String) throws -> Day? {
        try parsed.value(option).map { text in
            guard let day = Day(iso: text) else { throw DomainError.invalidDate(text) }
            return day
        }
    }

    /// Throws the view model's error when its intent failed.
    func check(_ succeeded: Bool, _ error: (any Error)?) throws {
        guard !succeeded else { return }
        throw error ?? CommandFailure(code: .refused, description: "the command failed")
    }
}
