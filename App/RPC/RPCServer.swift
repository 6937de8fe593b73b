import Composition
import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Presentation

/// `grock rpc`: a second front over the same view models as the command line, for another
/// program. JSON-RPC 2.0, one request per line on stdin, one response per line on stdout (a
/// notification, without `id`, gets none), until stdin ends. Results are the `--json` documents;
/// a failure's `error.data.kind` is its `ErrorKind` (docs/RPC.md).
@MainActor
public struct RPCServer {
    /// A line longer than this is refused unread: no request of Grock's comes near it.
    static let maximumRequest = 1 << 20

    let container: AppContainer

    /// A server over `container`'s view models.
    public init(container: AppContainer) { self.container = container }

    /// Answers the requests read from `input` on `output` until `input` ends, and tells of the
    /// changes other processes make meanwhile (`changed` notifications).
    /// - Returns: nil, or what made writing to `output` fail (the caller's exit status says so).
    public func run(input: Int32, output: Int32) async -> String? {
        var reader = LineReader(fd: input, maximum: Self.maximumRequest)
        let out = Output(fd: output)
        let changes = container.changes()
        let notifier = Task { @MainActor in
            for await change in changes where change.origin == .elsewhere {
                guard out.write(Self.encode(ChangeNotification(change))) else { return }
            }
        }
        defer { notifier.cancel() }
        // A notification that could not be written ends the server as a response would.
        _ = await serve(next: { await reader.next(stop: { out.failure != nil }) }, write: out.write)
        return out.failure
    }

    /// Standard output, written a line at a time by the responses and the notifications.
    private final class Output {
        let fd: Int32
        /// Why a write failed; nothing is written after.
        private(set) var failure: String?

        init(fd: Int32) { self.fd = fd }

        func write(_ line: String) -> Bool {
            guard failure == nil else { return false }
            failure = LineReader.writeAll(Array((line + "\n").utf8), to: fd)
            return failure == nil
        }
    }

    /// `{"jsonrpc":"2.0","method":"changed","params":{"origin":"elsewhere"}}`: the data was
    /// changed by someone else (another grock); a client shows it afresh. Changes made through
    /// this server are answered by their responses and not repeated.
    struct ChangeNotification: Encodable {
        let jsonrpc = "2.0"
        let method = "changed"
        let params: Params

        struct Params: Encodable {
            let origin: String
            let summary: String?
        }

        init(_ change: StorageChange) { params = Params(origin: change.origin.rawValue, summary: change.summary) }
    }

    /// A line of input: its text, or the fact that it was longer than `maximumRequest` (its
    /// bytes were read and dropped, never kept).
    enum Line: Equatable {
        case text(String)
        case tooLong
    }

    /// Answers every line of `input` through `output` until `input` ends (nil) or `output` fails.
    /// - Returns: false when `output` failed.
    func serve(next input: () async -> Line?, write output: (String) -> Bool) async -> Bool {
        while let line = await input() {
            let response: String?
            switch line {
            case .tooLong: response = Self.encode(Response(id: .null, error: RPCFailure(code: -32600, message: "the request is longer than \(Self.maximumRequest) bytes")))
            case .text(let text):
                guard !text.allSatisfy(\.isWhitespace) else { continue }
                response = await respond(to: text)
            }
            if let response, !output(response) { return false }
        }
        return true
    }

    /// The response line to one request line; nil for a notification.
    func respond(to line: String) async -> String? {
        guard line.utf8.count <= Self.maximumRequest else {
            return Self.encode(Response(id: .null, error: RPCFailure(code: -32600, message: "the request is longer than \(Self.maximumRequest) bytes")))
        }
        let value: JSONValue
        do { value = try JSONDecoder().decode(JSONValue.self, from: Data(line.utf8)) } catch {
            return Self.encode(Response(id: .null, error: RPCFailure(code: -32700, message: "not JSON: a request is one JSON object on one line")))
        }
        let request: Request
        switch Request.read(value) {
        case .success(let read): request = read
        case .failure(let failure): return Self.encode(Response(id: failure.id, error: failure.error))
        }
        let outcome: Result<any Encodable & Sendable, RPCFailure>
        do {
            outcome = .success(try await call(request.method, request.params))
        } catch let failure as RPCFailure {
            outcome = .failure(failure)
        } catch {
            outcome = .failure(RPCFailure(error))
        }
        guard let id = request.id else { return nil }   // a notification: done, not answered
        switch outcome {
        case .success(let result): return Self.encode(Response(id: id, result: result))
        case .failure(let failure): return Self.encode(Response(id: id, error: failure))
        }
    }

    static func encode(_ response: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Every result is a plain value document; encoding one cannot fail.
        return String(decoding: (try? encoder.encode(response)) ?? Data("{}".utf8), as: UTF8.self)
    }

    // MARK: - Methods

    /// Every method, with its parameters and what it does: `rpc.discover` lists them. A
    /// parameter is `name`, `name?` when optional, then `:type` when not a string.
    static let methods: [(name: String, params: [String], summary: String)] = [
        ("rpc.discover", [], "These methods, with their parameters."),
        ("home", [], "Active carts with their budgets, and this month's spending."),
        ("setup", ["currency?"], "First run: the default categories, and the currency (EUR unless given); what it did."),
        ("settings.show", [], "The settings."),
        ("settings.currency", ["currency"], "Change the currency (an ISO code); amounts are relabelled, not converted."),
        ("cart.list", [], "The active carts with their totals."),
        ("cart.show", ["cart"], "A cart by store and aisle, with its totals."),
        ("cart.new", ["cart", "budget?", "items?:string[]"], "Create a cart being planned; the cart."),
        ("cart.add", ["cart", "items:string[]", "quantity?", "unit?", "store?"], "Put vault items on a cart; the cart."),
        ("cart.set", ["cart", "item", "quantity?", "unit?", "store?"], "Change a line's quantity, unit or store; the cart."),
        ("cart.remove", ["cart", "item"], "Take a line off a cart; the cart."),
        ("cart.rename", ["cart", "name"], "Rename a cart being planned or shopped; the cart."),
        ("cart.budget", ["cart", "budget:string|null"], "Set a cart's budget, or remove it with null; the cart."),
        ("cart.delete", ["cart"], "Delete a cart, whatever its status (undo brings it back); what was done."),
        ("trip.start", ["cart"], "Start shopping a cart; the cart."),
        ("trip.log", ["cart", "item", "price?", "store?", "quantity?", "date?"], "Mark a line bought; the cart and any warnings."),
        ("trip.unlog", ["cart", "item"], "Take back a logged purchase; the cart."),
        ("trip.impulse", ["cart", "name", "price", "quantity?", "store?", "date?"], "Add an impulse buy; the cart."),
        ("trip.finish", ["cart", "date?", "carryOver?"], "Finish the trip; the completed cart."),
        ("trip.abort", ["cart"], "Back to planning, purchases dropped; the cart."),
        ("trip.reopen", ["cart"], "Reopen a completed trip to correct it; the cart."),
        ("store.list", [], "The stores."),
        ("store.add", ["name"], "Add a store; the stores."),
        ("store.rename", ["store", "name"], "Rename a store; the stores."),
        ("store.remove", ["store"], "Remove a store and its prices; the stores."),
        ("store.aisles", ["store", "categories?:string[]"], "A store's aisle order, set first when categories are given."),
        ("category.list", [], "The categories in order, with how many items each holds."),
        ("category.add", ["name"], "Add a category at the end of the order; the categories."),
        ("category.rename", ["category", "name"], "Rename a category; the categories."),
        ("category.move", ["category", "position:integer"], "Move a category to a position, 1 first; the categories."),
        ("category.remove", ["category"], "Remove an empty category; the categories."),
        ("item.list", ["category?"], "The vault: categories in order with their items and prices."),
        ("item.search", ["text"], "Vault items whose name matches, with their prices."),
        ("item.show", ["item"], "An item's prices at every store, normalised."),
        ("item.history", ["item"], "Every price seen or paid for an item, oldest first."),
        ("item.add", ["name", "category", "price?", "store?", "unit?", "pack?"], "Add an item to the vault; the item and any warnings."),
        ("item.price", ["item", "store", "price", "unit?", "pack?", "date?"], "Record a price seen at a store; the item and any warnings."),
        ("item.forget", ["item", "store", "date?"], "Take a price recorded by hand out of the history (the one seen on date, else the current one); the item."),
        ("item.rename", ["item", "name"], "Rename an item (and its lines on active carts); the item."),
        ("item.move", ["item", "category"], "Move an item to another category; the item."),
        ("item.remove", ["item"], "Remove an item from the vault; what was done."),
        ("plan", ["cart", "maxStores?:integer", "apply?:boolean"], "The cheapest stores for a cart's lines, applied when apply is true."),
        ("history", [], "The completed trips, newest first."),
        ("insights", ["from?", "to?"], "Spending by month, store and category, price changes, inflation."),
        ("report", [], "The spending report's figures: the insights, and the prices of the items spent most on."),
        ("sync", [], "Exchange changes with the household now: send this device's, merge the others'; what was sent, received and refused."),
        ("sync.status", [], "The household's devices, what each has sent and this one merged, and changes waiting to be sent."),
        ("export", ["format"], "The data as text ({format, text}): json a complete backup (as grock import reads it), csv one row per purchase, ledger a journal."),
        ("undo", [], "Take back the last change; what it was."),
        ("receipt.review", ["text", "cart?", "store?", "date?"], "Read a receipt's text and match its lines; the review, nothing stored."),
        ("receipt.apply", ["text", "cart?", "store?", "date?", "decisions?:object[]", "acceptDifference?:boolean", "dryRun?:boolean"],
         "Log a receipt as one change, each line as decided ([{line, decision: item|newItem|impulse|skip, item?, category?, name?}]); the review and what was logged."),
    ]

    private func call(_ method: String, _ params: Params) async throws -> any Encodable & Sendable {
        guard let known = Self.methods.first(where: { $0.name == method }) else {
            throw RPCFailure(code: -32601, message: "no method \(Echo.quoted(method)) (rpc.discover lists them)")
        }
        try params.allow(known.params.map { ParamDocument($0).name })
        switch method {
        case "rpc.discover":
            return OpenRPCDocument(methods: Self.methods.map { MethodDocument(name: $0.name, params: $0.params.map(ParamDocument.init), summary: $0.summary) })
        case "home":
            let home = container.home()
            try check(await home.load(), home)
            return home.document
        case "cart.show":
            let cart = container.cart(try params.text("cart"))
            return try document(of: cart, await cart.load())
        case "cart.add":
            let cart = container.cart(try params.text("cart"))
            return try changed(cart, await cart.add(try params.texts("items"), quantity: try params.quantity("quantity") ?? .one,
                                                     unit: try params.unit("unit"), store: try params.optionalText("store")))
        case "item.show":
            let vault = container.vault()
            try check(await vault.show(try params.text("item")), vault)
            return vault.itemDocument
        case "item.price":
            let vault = container.vault()
            try check(await vault.setPrice(try params.text("item"), store: try params.text("store"), price: try params.text("price"),
                                           unit: try params.unit("unit"), pack: try params.optionalText("pack").map(PackSize.init(parsing:)),
                                           promotion: false, until: nil, date: try params.optionalText("date")), vault)
            return Warned(value: vault.itemDocument, warnings: vault.warnings)
        case "trip.start":
            let cart = container.cart(try params.text("cart"))
            return try changed(cart, await cart.startTrip())
        case "trip.log":
            let cart = container.cart(try params.text("cart"))
            return try changed(cart, await cart.log(try params.text("item"), price: try params.optionalText("price"), store: try params.optionalText("store"),
                                                     quantity: try params.quantity("quantity"), date: try params.optionalText("date")))
        case "trip.finish":
            let cart = container.cart(try params.text("cart"))
            return try changed(cart, await cart.finishTrip(date: try params.optionalText("date"), carryOver: try params.optionalText("carryOver")))
        case "cart.new":
            let cart = container.cart(try params.text("cart"))
            return try changed(cart, await cart.create(budget: try params.optionalText("budget"), items: try params.optionalTexts("items") ?? []))
        case "cart.set":
            let cart = container.cart(try params.text("cart"))
            guard params.values["quantity"] != nil || params.values["unit"] != nil || params.values["store"] != nil else {
                throw RPCFailure(code: -32602, message: "give quantity, unit or store")
            }
            return try changed(cart, await cart.setLine(try params.text("item"), quantity: try params.quantity("quantity"), unit: try params.unit("unit"),
                                                        store: try params.optionalText("store")))
        case "cart.remove":
            let cart = container.cart(try params.text("cart"))
            return try changed(cart, await cart.remove(try params.text("item")))
        case "store.list", "store.add":
            let stores = container.stores()
            if method == "store.add" { try check(await stores.add(try params.text("name")), stores) }
            try check(await stores.load(), stores)
            return stores.documents
        case "item.search":
            let vault = container.vault()
            try check(await vault.search(try params.text("text")), vault)
            return vault.resultDocuments
        case "item.add":
            let vault = container.vault()
            try check(await vault.addItem(try params.text("name"), category: try params.text("category"), price: try params.optionalText("price"),
                                          store: try params.optionalText("store"), unit: try params.unit("unit"),
                                          pack: try params.optionalText("pack").map(PackSize.init(parsing:))), vault)
            return Warned(value: vault.itemDocument, warnings: vault.warnings)
        case "item.history":
            let vault = container.vault()
            try check(await vault.showHistory(try params.text("item")), vault)
            return vault.historyDocuments
        case "trip.unlog":
            let cart = container.cart(try params.text("cart"))
            return try changed(cart, await cart.unlog(try params.text("item")))
        case "trip.impulse":
            let cart = container.cart(try params.text("cart"))
            return try changed(cart, await cart.addImpulse(try params.text("name"), price: try params.text("price"), quantity: try params.quantity("quantity") ?? .one,
                                                           store: try params.optionalText("store"), date: try params.optionalText("date")))
        case "trip.abort":
            let cart = container.cart(try params.text("cart"))
            return try changed(cart, await cart.abortTrip())
        case "trip.reopen":
            let cart = container.cart(try params.text("cart"))
            return try changed(cart, await cart.reopen())
        case "plan":
            let plan = container.plan()
            try check(await plan.load(cart: try params.text("cart"), maxStores: try params.count("maxStores"), apply: try params.flag("apply")), plan)
            return plan.document
        case "insights":
            let insights = container.insights()
            try check(await insights.load(from: try params.optionalText("from"), to: try params.optionalText("to")), insights)
            return insights.document
        case "setup":
            let onboarding = container.onboarding()
            return try changed(onboarding, await onboarding.setUp(currency: try params.optionalText("currency")), onboarding.document.setup)
        case "settings.show":
            let settings = container.settings()
            try check(await settings.load(), settings)
            return settings.document
        case "settings.currency":
            let settings = container.settings()
            return try changed(settings, await settings.changeCurrency(try params.text("currency")), settings.document)
        case "cart.list":
            let home = container.home()
            try check(await home.load(), home)
            return home.rows
        case "cart.rename":
            let cart = container.cart(try params.text("cart"))
            return try changed(cart, await cart.edit(name: try params.text("name"), budget: nil))
        case "cart.budget":
            guard let budget = params.values["budget"] else { throw RPCFailure(code: -32602, message: "budget is required (null removes it)") }
            let cart = container.cart(try params.text("cart"))
            return try changed(cart, await cart.edit(name: nil, budget: .some(budget == .null ? nil : try params.text("budget"))))
        case "cart.delete":
            let cart = container.cart(try params.text("cart"))
            return try changed(cart, await cart.delete(), NoticeDocument(notice: cart.notice))
        case "store.rename":
            let stores = container.stores()
            return try changed(stores, await stores.rename(try params.text("store"), to: try params.text("name")), stores.documents)
        case "store.remove":
            let stores = container.stores()
            return try changed(stores, await stores.remove(try params.text("store")), stores.documents)
        case "store.aisles":
            let stores = container.stores()
            let categories = try params.optionalTexts("categories") ?? []
            let succeeded = await stores.aisles(of: try params.text("store"), set: categories)
            if categories.isEmpty {
                try check(succeeded, stores)
                return stores.aislesDocument
            }
            return try changed(stores, succeeded, stores.aislesDocument)
        case "category.list":
            let vault = container.vault()
            try check(await vault.listCategories(), vault)
            return vault.categoryDocuments
        case "category.add":
            let vault = container.vault()
            return try changed(vault, await vault.addCategory(try params.text("name")), vault.categoryDocuments)
        case "category.rename":
            let vault = container.vault()
            return try changed(vault, await vault.renameCategory(try params.text("category"), to: try params.text("name")), vault.categoryDocuments)
        case "category.move":
            let vault = container.vault()
            guard let position = try params.count("position") else { throw RPCFailure(code: -32602, message: "position is required") }
            return try changed(vault, await vault.moveCategory(try params.text("category"), to: position), vault.categoryDocuments)
        case "category.remove":
            let vault = container.vault()
            return try changed(vault, await vault.removeCategory(try params.text("category")), vault.categoryDocuments)
        case "item.list":
            let vault = container.vault()
            try check(await vault.browse(category: try params.optionalText("category")), vault)
            return vault.document.sections
        case "item.forget":
            let vault = container.vault()
            let date = try params.optionalText("date")
            let day = try date.map { text in
                guard let day = Day(iso: text) else { throw RPCFailure(code: -32602, message: "date is a day, YYYY-MM-DD") }
                return day
            }
            return try changed(vault, await vault.forgetPrice(try params.text("item"), store: try params.text("store"), day: day), vault.itemDocument)
        case "item.rename":
            let vault = container.vault()
            return try changed(vault, await vault.renameItem(try params.text("item"), to: try params.text("name")), vault.itemDocument)
        case "item.move":
            let vault = container.vault()
            return try changed(vault, await vault.moveItem(try params.text("item"), to: try params.text("category")), vault.itemDocument)
        case "item.remove":
            let vault = container.vault()
            return try changed(vault, await vault.removeItem(try params.text("item")), NoticeDocument(notice: vault.notice))
        case "history":
            let history = container.history()
            try check(await history.load(), history)
            return history.rows
        case "report":
            let report = container.report()
            try check(await report.load(), report)
            return report.document
        case "receipt.review", "receipt.apply":
            return try await receipt(method, params)
        case "undo":
            return UndoDocument(undid: try await container.useCases.undoLastChange())
        case "sync":
            return SyncReportDocument(try await household().exchange())
        case "sync.status":
            return SyncStatusDocument(try await household().status())
        case "export":
            let format = try params.text("format").lowercased()
            let transfer = container.transfer()
            let bytes: [UInt8]
            if format == "json" {
                bytes = try await transfer.backup()
            } else if let text = Transfer.TextFormat(rawValue: format) {
                bytes = try await transfer.text(text)
            } else {
                throw RPCFailure(code: -32602, message: "format takes json, csv or ledger, not \(Echo.quoted(format))")
            }
            return ExportDocument(format: format, text: String(decoding: bytes, as: UTF8.self))
        default:
            throw RPCFailure(code: -32601, message: "no method \(Echo.quoted(method))")
        }
    }

    private func household() throws -> Household {
        guard let household = container.household() else {
            throw RPCFailure(RPCRefusal(description: "sync needs a data directory, not --in-memory"))
        }
        return household
    }

    private func document(of cart: CartDetailViewModel, _ succeeded: Bool) throws -> CartDocument? {
        try check(succeeded, cart)
        return cart.document
    }

    /// A change's result: the cart, and what to warn of (a price that looks like a slip; the
    /// change saved but the cart not shown, when `value` is null).
    private func changed(_ cart: CartDetailViewModel, _ succeeded: Bool) throws -> Warned<CartDocument?> {
        try changed(cart, succeeded, cart.document)
    }

    /// A change's result: `value`, the model's state after it, and what to warn of; `value` is
    /// null when the change was saved but could not be shown.
    private func changed<Value: Encodable & Sendable>(_ model: some IntentOutcome, _ succeeded: Bool, _ value: @autoclosure () -> Value?) throws
        -> Warned<Value?> {
        try check(succeeded, model)
        return Warned(value: model.warning == nil ? value() : nil, warnings: model.warnings)
    }

    /// Throws the intent's error as an RPC failure of its kind.
    private func check(_ succeeded: Bool, _ model: some IntentOutcome) throws {
        guard !succeeded else { return }
        throw model.lastError.map(RPCFailure.init) ?? RPCFailure(code: -32003, message: "the request failed")
    }
}

// MARK: - The wire

/// A JSON value as a request carries it.
enum JSONValue: Codable, Sendable, Equatable {
    /// A whole number is kept exactly (an id of 2^53 + 1 comes back as it was sent).
    case null, bool(Bool), integer(Int64), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null } else if let value = try? container.decode(Bool.self) { self = .bool(value) } else if let value = try? container.decode(Int64.self) { self = .integer(value) } else if let value = try? container.decode(Double.self) { self = .number(value) } else if let value = try? container.decode(String.self) { self = .string(value) } else if let value = try? container.decode([JSONValue].self) { self = .array(value) } else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

/// A request as read from a JSON object: any field of the wrong shape is a JSON-RPC error
/// that still answers the caller's id when it has a usable one.
struct Request {
    /// nil: a notification (no `id` at all); `.null` is an id too, and gets an answer.
    let id: JSONValue?
    let method: String
    let params: Params

    struct Refusal: Error {
        let id: JSONValue
        let error: RPCFailure
    }

    static func read(_ value: JSONValue) -> Result<Request, Refusal> {
        guard case .object(let fields) = value else {
            return .failure(Refusal(id: .null, error: RPCFailure(code: -32600, message: "a request is a JSON object (one a line: batches are not supported)")))
        }
        let id = fields["id"]
        switch id {
        case nil, .null?, .string?, .integer?, .number?: break
        default: return .failure(Refusal(id: .null, error: RPCFailure(code: -32600, message: "an id is a string or a number")))
        }
        guard fields["jsonrpc"] == .string("2.0"), case .string(let method)? = fields["method"] else {
            return .failure(Refusal(id: id ?? .null, error: RPCFailure(code: -32600, message: "not a JSON-RPC 2.0 request: it needs \"jsonrpc\": \"2.0\" and a \"method\" string")))
        }
        switch fields["params"] {
        case nil, .null?: return .success(Request(id: id, method: method, params: Params([:])))
        case .object(let params)?: return .success(Request(id: id, method: method, params: Params(params)))
        default: return .failure(Refusal(id: id ?? .null, error: RPCFailure(code: -32602, message: "params is an object of named parameters")))
        }
    }
}

struct Response: Encodable {
    let id: JSONValue
    var result: (any Encodable & Sendable)?
    var error: RPCFailure?

    init(id: JSONValue, result: any Encodable & Sendable) {
        self.id = id
        self.result = result
    }

    init(id: JSONValue, error: RPCFailure) {
        self.id = id
        self.error = error
    }

    private enum Keys: String, CodingKey { case jsonrpc, id, result, error }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode("2.0", forKey: .jsonrpc)
        try container.encode(id, forKey: .id)
        if let error { try container.encode(error, forKey: .error) } else if let result { try result.encode(to: container.superEncoder(forKey: .result)) } else {
            try container.encodeNil(forKey: .result)
        }
    }
}

/// A JSON-RPC error: the protocol's own codes for a request that cannot be read, and
/// -32001...-32005 for Grock's `ErrorKind`s, also given by name in `data.kind`.
/// `export`'s result: the document as text, to save as a file as it is.
struct ExportDocument: Encodable, Sendable {
    let format: String
    let text: String
}

/// What this front refuses by itself (sync without a data directory).
struct RPCRefusal: Error, ClassifiedError, CustomStringConvertible {
    let description: String
    var kind: ErrorKind { .refused }
}

struct RPCFailure: Error, Encodable, Sendable {
    let code: Int
    let message: String
    let data: [String: String]?

    init(code: Int, message: String) {
        self.code = code
        self.message = Echo.escaped(message)
        self.data = nil
    }

    init(_ error: any Error) {
        let kind = ErrorKind.of(error)
        code = RPCFailure.code(of: kind)
        message = Echo.escaped("\(error)")
        data = ErrorKind.isTransient(error) ? ["kind": kind.rawValue, "transient": "true"] : ["kind": kind.rawValue]
    }

    /// Each kind's code, as docs/RPC.md lists them: fixed here, whatever order the kinds are declared in.
    static func code(of kind: ErrorKind) -> Int {
        switch kind {
        case .invalidInput: -32001
        case .notFound: -32002
        case .refused: -32003
        case .conflict: -32004
        case .storage: -32005
        }
    }
}

/// A request's named parameters, read with the types Grock takes: money and quantities as
/// strings, never as JSON numbers (a binary fraction is not an exact amount).
struct Params {
    let values: [String: JSONValue]

    init(_ values: [String: JSONValue]) { self.values = values }

    func allow(_ names: [String]) throws {
        if let unknown = values.keys.sorted().first(where: { !names.contains($0) }) {
            throw RPCFailure(code: -32602, message: "unknown parameter \(Echo.quoted(unknown)); this method takes \(names.isEmpty ? "none" : names.joined(separator: ", "))")
        }
    }

    func optionalText(_ name: String) throws -> String? {
        switch values[name] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        default: throw RPCFailure(code: -32602, message: "\(name) must be a string (amounts and quantities too: \"1.09\", not 1.09)")
        }
    }

    func text(_ name: String) throws -> String {
        guard let text = try optionalText(name) else { throw RPCFailure(code: -32602, message: "\(name) is required") }
        return text
    }

    func texts(_ name: String) throws -> [String] {
        guard case .array(let items)? = values[name], !items.isEmpty else { throw RPCFailure(code: -32602, message: "\(name) must be a non-empty array of strings") }
        return try items.map { item in
            guard case .string(let text) = item else { throw RPCFailure(code: -32602, message: "\(name) must be a non-empty array of strings") }
            return text
        }
    }

    func optionalTexts(_ name: String) throws -> [String]? {
        guard let value = values[name], value != .null else { return nil }
        return try texts(name)
    }

    /// A whole number from 1 to 1000 (a count of stores).
    func count(_ name: String) throws -> Int? {
        switch values[name] {
        case nil, .null?: return nil
        case .integer(let value)? where (1...1000).contains(value): return Int(value)
        default: throw RPCFailure(code: -32602, message: "\(name) must be a whole number from 1 to 1000")
        }
    }

    func flag(_ name: String) throws -> Bool {
        switch values[name] {
        case nil, .null?: return false
        case .bool(let value)?: return value
        default: throw RPCFailure(code: -32602, message: "\(name) must be true or false")
        }
    }

    func quantity(_ name: String) throws -> Quantity? { try optionalText(name).map { try Quantity(parsing: $0) } }

    func unit(_ name: String) throws -> MeasureUnit? { try optionalText(name).map { try MeasureUnit(parsing: $0) } }
}

/// What `rpc.discover` answers: an OpenRPC document (spec.open-rpc.org) of every method, each
/// parameter with a JSON Schema of its type. Results are the view models' documents (RPC.md);
/// their schemas are not spelled out (`"result": {"name": "result", "schema": {}}`).
struct OpenRPCDocument: Encodable, Sendable {
    let openrpc = "1.3.2"
    let info = Info()
    let methods: [MethodDocument]

    struct Info: Encodable, Sendable {
        let title = "Grock"
        let version = GrockVersion.number
        let description = "Grock's view models over JSON-RPC 2.0, one message a line on stdin and stdout. The server also sends "
            + "the notification \"changed\" ({\"origin\": \"elsewhere\"}) when another process changes the data."
    }
}

struct MethodDocument: Encodable, Sendable {
    let name: String
    let params: [ParamDocument]
    let summary: String
    let result = ResultDocument()

    struct ResultDocument: Encodable, Sendable {
        let name = "result"
        let schema = [String: String]()
    }
}

/// A method's parameter as `rpc.discover` describes it, in OpenRPC's shape.
struct ParamDocument: Encodable, Sendable {
    let name: String
    let required: Bool
    let schema: Schema

    /// A JSON Schema of a parameter's type.
    enum Schema: Encodable, Sendable, Equatable {
        /// `string` (amounts and quantities too), `integer` or `boolean`.
        case plain(String)
        /// An array of strings.
        case strings
        /// An array of objects (their fields in the method's summary and RPC.md).
        case objects
        /// A string, or null (to remove what it sets).
        case stringOrNull

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            switch self {
            case .plain(let type): try container.encode(type, forKey: .type)
            case .strings, .objects:
                try container.encode("array", forKey: .type)
                try container.encode(["type": self == .strings ? "string" : "object"], forKey: .items)
            case .stringOrNull: try container.encode(["string", "null"], forKey: .type)
            }
        }

        private enum Key: CodingKey { case type, items }
    }

    /// From the method table's `name`, `name?` or `name:type` (`string[]`, `integer`,
    /// `boolean`, `string|null`).
    init(_ spec: String) {
        let parts = spec.split(separator: ":", maxSplits: 1).map(String.init)
        required = !parts[0].hasSuffix("?")
        name = required ? parts[0] : String(parts[0].dropLast())
        switch parts.count > 1 ? parts[1] : "string" {
        case "string[]": schema = .strings
        case "object[]": schema = .objects
        case "string|null": schema = .stringOrNull
        case let type: schema = .plain(type)
        }
    }
}

/// What a change that leaves nothing to show did, in a sentence (`Party: deleted cart`).
struct NoticeDocument: Encodable, Sendable {
    let notice: String?
}

struct UndoDocument: Encodable, Sendable {
    let undid: String
}

/// A result with the warnings its intent raised (a price that looks like a slip).
struct Warned<Value: Encodable & Sendable>: Encodable, Sendable {
    let value: Value
    let warnings: [String]
}
