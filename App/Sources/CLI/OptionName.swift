/// An option, named once: a command's declaration (`OptionUsage`) and its reads of it
/// (`Invocation.value(_:)`, `has(_:)`) use the same member, so a misspelling does not compile,
/// and a read of an option the command does not declare is refused (see `Invocation.given(_:)`).
/// The global options are members too, for `Syntax.globalOptions` and the parser.
struct OptionName: Hashable, Sendable {
    /// As typed, without its dashes: `dry-run`.
    let spelling: String
    /// What the usage line shows for its value (`P`); nil for a flag. A declaration may show
    /// another (`--date YYYY-MM-DD`), never turn a flag into an option with a value or back.
    let placeholder: String?

    private init(_ spelling: String, _ placeholder: String? = nil) {
        self.spelling = spelling
        self.placeholder = placeholder
    }

    // The global options, which every command takes (`Syntax.globalOptions`, read into
    // `Arguments.Global`).
    static let dataDir = OptionName("data-dir", "DIR")
    static let inMemory = OptionName("in-memory")
    static let json = OptionName("json")
    static let noColor = OptionName("no-color")
    static let help = OptionName("help")
    static let version = OptionName("version")

    // The commands' own options.
    static let acceptDifference = OptionName("accept-difference")
    static let apply = OptionName("apply")
    static let base = OptionName("base", "YYYY-MM")
    static let budget = OptionName("budget", "AMOUNT")
    static let by = OptionName("by", "month|store|category")
    static let carryOver = OptionName("carry-over", "CART")
    static let category = OptionName("category", "CATEGORY")
    static let currency = OptionName("currency", "CODE")
    static let date = OptionName("date", "DATE")
    static let decimalComma = OptionName("decimal-comma")
    static let delimiter = OptionName("delimiter", "comma|semicolon|tab")
    static let discard = OptionName("discard")
    static let dryRun = OptionName("dry-run")
    static let encoding = OptionName("encoding", "utf8|latin1")
    static let format = OptionName("format", "json|csv|ledger")
    static let from = OptionName("from", "YYYY-MM")
    static let image = OptionName("image", "FILE")
    static let item = OptionName("item", "ITEM")
    static let listen = OptionName("listen", "ADDR:PORT")
    static let man = OptionName("man")
    static let maxStores = OptionName("max-stores", "K")
    static let name = OptionName("name", "NAME")
    static let none = OptionName("none")
    static let output = OptionName("output", "FILE")
    static let restamp = OptionName("restamp")
    static let pack = OptionName("pack", "SIZE")
    static let price = OptionName("price", "P")
    static let promo = OptionName("promo")
    static let qty = OptionName("qty", "Q")
    static let revoke = OptionName("revoke")
    static let store = OptionName("store", "STORE")
    static let to = OptionName("to", "YYYY-MM")
    static let unit = OptionName("unit", "UNIT")
    static let until = OptionName("until", "YYYY-MM-DD")
    static let yes = OptionName("yes")
}
