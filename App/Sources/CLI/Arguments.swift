import Domain

/// A command line split into global options, command words, positional arguments and the
/// command's own options.
struct Arguments {
    /// Options every command takes.
    struct Global {
        var dataDirectory: String?
        var inMemory = false
        var json = false
        var noColor = false
        var help = false
        var version = false
    }

    var global = Global()
    /// Everything that is not an option, in order: command words first, then arguments.
    var words: [String] = []
    /// The command's options: `--qty 2` is `["qty": ["2"]]`; a flag has an empty value list.
    var options: [String: [String]] = [:]

    /// Every option of every command and the global ones, as declared: the parser reads which
    /// take a value from here, before it knows the command.
    private static let declared: [Syntax.Option] = Syntax.globalOptions.map(\.option) + Commands.all.flatMap(\.declaredOptions)
    /// Options that take a value, wherever they appear.
    static let valued = Set(declared.filter { $0.placeholder != nil }.map(\.name))
    /// Options that are flags.
    static let flags = Set(declared.filter { $0.placeholder == nil }.map(\.name))
    /// Valued options that may be given more than once, each adding a value (`cart new --item A
    /// --item B`). Any other given twice is refused: which of two prices or stores was meant is
    /// a guess. (A flag given twice means what it means once.)
    static let repeatable = Set(declared.filter(\.repeats).map(\.name))

    /// - Throws: `UsageError` for an unknown option or a missing value.
    init(_ arguments: [String]) throws {
        var index = 0
        var onlyWords = false
        while index < arguments.count {
            let token = arguments[index]
            index += 1
            if onlyWords || !token.hasPrefix("--") || token == "--" {
                if token == "--" && !onlyWords { onlyWords = true; continue }
                if !onlyWords && (token == "-h") { global.help = true; continue }
                words.append(token)
                continue
            }
            var name = String(token.dropFirst(2))
            var value: String?
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            name = name.lowercased()
            if Arguments.flags.contains(name) {
                guard value == nil else { throw UsageError("--\(name) takes no value") }
                switch name {
                case "in-memory": global.inMemory = true
                case "json": global.json = true
                case "no-color": global.noColor = true
                case "help": global.help = true
                case "version": global.version = true
                default: options[name, default: []] += []
                }
            } else if Arguments.valued.contains(name) {
                let given: String
                if let value {
                    given = value
                } else {
                    guard index < arguments.count else { throw UsageError("--\(name) needs a value") }
                    given = arguments[index]
                    index += 1
                }
                let repeated = name == "data-dir" ? global.dataDirectory != nil : options[name] != nil && !Arguments.repeatable.contains(name)
                if repeated { throw UsageError("--\(name) given twice") }
                if name == "data-dir" {
                    // Empty is not "unset": it would quietly mean the default directory.
                    guard given != "" else { throw UsageError("--data-dir needs a directory, not an empty value") }
                    global.dataDirectory = given
                } else {
                    options[name, default: []].append(given)
                }
            } else {
                let known = Arguments.valued.union(Arguments.flags).sorted()
                let hint = Name.closest(to: name, among: known).map { "; did you mean --\($0)?" } ?? ""
                throw UsageError("unknown option \(Echo.shortened("--" + name))\(hint)")
            }
        }
        if global.inMemory && global.dataDirectory != nil { throw UsageError("--data-dir and --in-memory cannot be used together") }
    }

    func value(_ name: String) -> String? { options[name]?.last }
    func values(_ name: String) -> [String] { options[name] ?? [] }
    func has(_ name: String) -> Bool { options[name] != nil }
}

/// A command line Grock cannot make sense of: exit code 2.
struct UsageError: ClassifiedError, CustomStringConvertible {
    var kind: ErrorKind { .invalidInput }

    let description: String
    init(_ description: String) { self.description = description }
}
