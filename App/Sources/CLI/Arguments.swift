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

    /// The first thing wrong with the command line (an unknown option, a missing value), if any.
    /// The line is read to its end all the same, so that the error is printed as the global
    /// options ask (`--json`, `--no-color`) wherever they stand.
    private(set) var error: UsageError?

    init(_ arguments: [String]) {
        var rest = arguments[...]
        var onlyWords = false
        while let token = rest.popFirst() {
            if onlyWords || !token.hasPrefix("--") || token == "--" {
                readWord(token, onlyWords: &onlyWords)
            } else {
                do throws(UsageError) { try readOption(token, rest: &rest) } catch { self.error = self.error ?? error }
            }
        }
        if global.inMemory && global.dataDirectory != nil {
            error = error ?? UsageError("--data-dir and --in-memory cannot be used together")
        }
    }

    /// A word; the first `--`, after which every token is a word (`--5` included); or `-h`.
    private mutating func readWord(_ token: String, onlyWords: inout Bool) {
        if token == "--" && !onlyWords { onlyWords = true; return }
        if !onlyWords && token == "-h" { global.help = true; return }
        words.append(token)
    }

    /// `--name`, `--name=value`, or `--name value` with its value taken from `rest`.
    /// - Throws: `UsageError` for an unknown option, a value given to a flag or none to an
    ///   option that takes one.
    private mutating func readOption(_ token: String, rest: inout ArraySlice<String>) throws(UsageError) {
        let (name, value) = Self.split(token)
        if Arguments.flags.contains(name) {
            guard value == nil else { throw UsageError("--\(name) takes no value") }
            setFlag(name)
        } else if Arguments.valued.contains(name) {
            guard let given = value ?? rest.popFirst() else { throw UsageError("--\(name) needs a value") }
            try setValue(given, of: name)
        } else {
            throw Self.unknownOption(name)
        }
    }

    /// An option's name, lowercased, and its value after `=` if it has one.
    private static func split(_ token: String) -> (name: String, value: String?) {
        let option = token.dropFirst(2)
        guard let equals = option.firstIndex(of: "=") else { return (option.lowercased(), nil) }
        return (option[..<equals].lowercased(), String(option[option.index(after: equals)...]))
    }

    private mutating func setFlag(_ name: String) {
        switch name {
        case OptionName.inMemory.spelling: global.inMemory = true
        case OptionName.json.spelling: global.json = true
        case OptionName.noColor.spelling: global.noColor = true
        case OptionName.help.spelling: global.help = true
        case OptionName.version.spelling: global.version = true
        default: options[name, default: []] += []
        }
    }

    /// - Throws: `UsageError` for an option given twice that takes one value, or an empty `--data-dir`.
    private mutating func setValue(_ given: String, of name: String) throws(UsageError) {
        guard name == OptionName.dataDir.spelling else {
            if options[name] != nil && !Arguments.repeatable.contains(name) { throw UsageError("--\(name) given twice") }
            options[name, default: []].append(given)
            return
        }
        if global.dataDirectory != nil { throw UsageError("--data-dir given twice") }
        // Empty is not "unset": it would quietly mean the default directory.
        guard given != "" else { throw UsageError("--data-dir needs a directory, not an empty value") }
        global.dataDirectory = given
    }

    /// The error for `--name`, with the known option nearest to it.
    private static func unknownOption(_ name: String) -> UsageError {
        let known = valued.union(flags).sorted()
        let hint = Name.closest(to: name, among: known).map { "; did you mean --\($0)?" } ?? ""
        return UsageError("unknown option \(Echo.shortened("--" + name))\(hint)")
    }
}
