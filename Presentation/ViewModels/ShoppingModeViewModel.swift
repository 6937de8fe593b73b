import Domain
import Observation

/// The in-store list: lines numbered in store and aisle order, each number kept for the whole
/// session (`sections`), nothing else. Typed commands (`3`, `p 3 1.29`, `+ Gum 0.99`, `f`,
/// `q`) drive it, so any text front can offer it; a graphical one can call the intents and
/// answer `pendingConfirmation` with `confirm()` or `decline()`.
@MainActor @Observable
public final class ShoppingModeViewModel: CautionState {
    /// What a typed command did to the session.
    public enum Outcome: Sendable, Equatable {
        case stay
        case finished
        case left
    }

    /// One numbered line as shop mode shows it.
    public struct Row: Sendable, Equatable {
        /// The line's number for the whole session.
        public let number: Int
        public let name: String
        public let isBought: Bool
        public let isImpulse: Bool
        /// What was bought, else what is planned: `1.5 kg`.
        public let quantity: String
        /// The price paid for one unit once bought, else the planned one; `?` when unknown.
        public let price: String
    }

    /// The rows bought, or to be bought, at one store.
    public struct Section: Sendable, Equatable {
        /// The store's name, or "No store".
        public let store: String
        public let rows: [Row]
    }

    /// A question the session waits on before doing what a tick cannot take back: a front shows
    /// it and answers with `confirm()` or `decline()`.
    public struct Confirmation: Sendable, Equatable {
        public let number: Int
        public let name: String
        let item: ItemID

        /// `Remove impulse buy Gum?`
        public var question: String { "Remove impulse buy \(name)?" }
    }

    /// What can be typed, and what it does: the list `?` shows.
    public static let commands: [(typed: String, does: String)] = [
        ("N", "tick line N at its planned price; again to untick"),
        ("p N PRICE [QTY]", "line N bought at PRICE per unit; QTY is what was weighed or counted, in the line's unit"),
        ("+ NAME PRICE", "an impulse buy, added with the next number"),
        ("f", "finish the trip"),
        ("q", "leave; everything is already saved"),
        ("?", "this list"),
    ]

    /// The reminder under the list, a command each.
    public static let reminders = ["N tick/untick", "p N PRICE [QTY]", "+ NAME PRICE", "f finish", "q quit", "? help"]

    /// The reminder as one line.
    public static var help: String { reminders.joined(separator: " | ") }

    public private(set) var details: CartDetails?
    public private(set) var figures: CartFigures?
    /// The closing summary, once the trip is finished.
    public private(set) var summary: String?
    public private(set) var notice: String?
    /// Set by `?`, until the next command: the list of commands is shown.
    public private(set) var isShowingHelp = false
    /// Unticking an impulse buy deletes it, so it waits here for an answer.
    public private(set) var pendingConfirmation: Confirmation?
    public internal(set) var errorMessage: String?
    public internal(set) var lastError: (any Error)?
    public internal(set) var warning: String?
    public internal(set) var cautions: [String] = []

    private let useCases: UseCases
    private var reference: String

    /// A numbered line of the session: number n is `slots[n - 1]`. A line that goes away keeps
    /// its slot, so no number is ever given to another line while the person shops by them.
    private struct Slot {
        let item: ItemID
        var name: String
        /// The store it is listed under: where it was when first numbered. A line ticked at
        /// another store stays where the person saw it.
        let store: StoreID?
    }

    private var slots: [Slot] = []
    private var slotNumbers: [ItemID: Int] = [:]
    /// The order of the stores on screen, fixed for the session; "No store" (nil) comes last.
    private var storeOrder: [StoreID?] = []

    public init(useCases: UseCases, cart reference: String) {
        self.useCases = useCases
        self.reference = reference
    }

    /// The lines by store, numbered for the session: store and aisle order at its start, then
    /// each line added since (an impulse buy) with the next number, under its store.
    public var sections: [Section] {
        guard let details else { return [] }
        let lines = Dictionary(details.cart.lines.map { ($0.itemID, $0) }) { first, _ in first }
        return storeOrder.compactMap { store in
            let rows = slots.indices.compactMap { index -> Row? in
                guard slots[index].store == store, let line = lines[slots[index].item] else { return nil }
                return Row(number: index + 1, name: line.name, isBought: line.isFulfilled, isImpulse: line.isImpulse,
                           quantity: "\(line.purchasedQuantity ?? line.quantity) \(line.unit)",
                           price: (line.isFulfilled ? line.actualPrice : line.plannedPrice).map { money in
                               line.isPricedPerUnit ? money.amountText : "\(money.amountText)/\(line.priceUnit)"
                           } ?? (line.isFulfilled ? TextBlocks.money(nil) : "?"))
            }
            return rows.isEmpty ? nil : Section(store: store.flatMap(details.storeName) ?? "No store", rows: rows)
        }
    }

    /// The row numbered `number`; nil when there is none, or its line has gone.
    public func row(_ number: Int) -> Row? { sections.lazy.flatMap(\.rows).first { $0.number == number } }

    // MARK: - Intents

    /// Loads the cart, starting its trip when it is still being planned, and numbers its lines
    /// anew in store and aisle order.
    @discardableResult
    public func begin() async -> Bool {
        slots = []
        slotNumbers = [:]
        storeOrder = []
        pendingConfirmation = nil
        return await perform {
            let details = try await useCases.showCart(reference)
            guard details.cart.status == .planning else {
                try details.cart.check(.logPurchase)
                return try show(details)
            }
            _ = try await useCases.startTrip(details.cart.id.rawValue)
            notice = "Trip started."
            await afterSaving { try show(try await useCases.showCart(details.cart.id.rawValue)) }
        }
    }

    /// Ticks line `number` at its planned price, or unticks it when already bought. Unticking
    /// an impulse buy would delete it: that waits in `pendingConfirmation` instead.
    @discardableResult
    public func toggle(_ number: Int) async -> Bool {
        pendingConfirmation = nil
        return await perform {
            let line = try lineNumbered(number)
            if line.isFulfilled && line.isImpulse {
                pendingConfirmation = Confirmation(number: number, name: line.name, item: line.itemID)
            } else if line.isFulfilled {
                _ = try await useCases.unlogPurchase(cart: reference, item: line.itemID.rawValue)
                notice = "\(line.name): not bought."
            } else {
                _ = try await useCases.logPurchase(cart: reference, item: line.itemID.rawValue)
                notice = "\(line.name): bought."
            }
            await afterSaving { try await refresh() }
        }
    }

    /// Deletes the impulse buy `pendingConfirmation` asks about; its number stays unused.
    @discardableResult
    public func confirm() async -> Bool {
        guard let pending = pendingConfirmation else { return false }
        pendingConfirmation = nil
        return await perform {
            _ = try await useCases.unlogPurchase(cart: reference, item: pending.item.rawValue)
            notice = "\(pending.name): removed; number \(pending.number) is not used again in this session."
            await afterSaving { try await refresh() }
        }
    }

    /// Keeps the impulse buy `pendingConfirmation` asks about, bought.
    public func decline() {
        guard let pending = pendingConfirmation else { return }
        pendingConfirmation = nil
        errorMessage = nil
        lastError = nil
        warning = nil
        notice = "\(pending.name): kept, bought."
    }

    /// Logs line `number` as bought at `price` per unit, `quantity` of the line's unit when
    /// given (weighed or counted); without it a line already logged keeps the quantity it was
    /// logged with, so correcting a price does not forget a weight.
    @discardableResult
    public func log(_ number: Int, price: String, quantity: String? = nil) async -> Bool {
        pendingConfirmation = nil
        return await perform {
            let line = try lineNumbered(number)
            let weighed = try quantity.map { try Quantity(parsing: $0) }
            let (cart, cautions) = try await useCases.logPurchase.checked(cart: reference, item: line.itemID.rawValue, price: price,
                                                                          quantity: weighed ?? line.purchasedQuantity)
            self.cautions = cautions.map(\.description)
            // The price as understood, not as typed: the typed text may be padded or very long.
            if let logged = cart.line(for: line.itemID), let paid = logged.actualPrice {
                let amount = logged.purchasedQuantity ?? logged.quantity
                let each = logged.unit == .each && logged.isPricedPerUnit ? "\(amount) at \(paid.amountText)"
                    : "\(amount) \(logged.unit) at \(paid.amountText)/\(logged.priceUnit)"
                notice = "\(line.name): bought \(each) = \(TextBlocks.money(try logged.actualCost()))."
            }
            await afterSaving { try await refresh() }
        }
    }

    /// Adds an impulse buy, bought; it takes the next number.
    @discardableResult
    public func addImpulse(_ name: String, price: String) async -> Bool {
        pendingConfirmation = nil
        return await perform {
            _ = try await useCases.addImpulseItem(cart: reference, name: name, price: price)
            notice = "\(Echo.shortened(name)): added and bought."
            await afterSaving { try await refresh() }
        }
    }

    @discardableResult
    public func finish() async -> Bool {
        pendingConfirmation = nil
        return await perform {
            let cart = try await useCases.finishTrip(reference)
            summary = "Trip finished."
            await afterSaving {
                let figures = try CartFigures(cart)
                self.figures = figures
                let bought = cart.lines.filter { $0.isFulfilled && !$0.isImpulse }.count
                var text = "Trip finished: spent \(figures.actual.amountText) \(cart.currency.code)"
                if let budget = cart.budget {
                    text += " of \(budget.amountText)"
                    text += figures.overBudget.map { " (\($0.amountText) over budget)" } ?? " (\(TextBlocks.money(figures.remaining)) left)"
                }
                text += ".\n\(cart.progress.fulfilled) of \(TextBlocks.plural(cart.progress.total, "item")) bought; vault prices updated for "
                    + TextBlocks.plural(bought, "item") + "."
                summary = text
            }
        }
    }

    /// Carries out one typed command. While a question is pending, the line is its answer:
    /// `y` or `yes` (any case) confirms, anything else declines.
    public func handle(_ input: String) async -> Outcome {
        let words = input.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        notice = nil
        isShowingHelp = false
        if pendingConfirmation != nil {
            if ["y", "yes"].contains(words.first?.lowercased() ?? ""), words.count == 1 { await confirm() } else { decline() }
            return .stay
        }
        guard let first = words.first?.lowercased() else { return .stay }
        switch first {
        case "q", "quit", "exit":
            return .left
        case "f", "finish":
            return await finish() ? .finished : .stay
        case "p", "price":
            guard (3...4).contains(words.count), let number = Int(words[1]) else {
                return usage("p N PRICE [QTY], like: p 3 1.29 or p 3 3.49 0.736")
            }
            await log(number, price: words[2], quantity: words.count == 4 ? words[3] : nil)
        case "+":
            guard words.count >= 3 else { return usage("+ NAME PRICE, like: + Chocolate 1.49") }
            await addImpulse(words[1..<(words.count - 1)].joined(separator: " "), price: words[words.count - 1])
        case "?", "h", "help":
            (errorMessage, lastError, warning) = (nil, nil, nil)
            isShowingHelp = true
        default:
            guard let number = Int(first) else { return usage("type a line number, p N PRICE [QTY], + NAME PRICE, f, q or ? for help") }
            await toggle(number)
        }
        return .stay
    }

    private func usage(_ text: String) -> Outcome {
        errorMessage = "unknown command: " + text
        lastError = nil
        warning = nil
        return .stay
    }

    /// The line numbered `number` this session.
    /// - Throws: `DomainError.invalidPosition` for a number never given; `ShopError` for the
    ///   number of a line that has gone.
    private func lineNumbered(_ number: Int) throws -> CartItem {
        guard number >= 1, number <= slots.count else { throw DomainError.invalidPosition(number, count: slots.count) }
        let slot = slots[number - 1]
        guard let line = details?.cart.line(for: slot.item) else { throw ShopError.lineGone(number: number, name: slot.name) }
        return line
    }

    private func refresh() async throws { try show(try await useCases.showCart(reference)) }

    /// Takes in the cart as it is now: lines already numbered keep their numbers (and names
    /// follow renames); new ones get the next numbers, in shopping order.
    private func show(_ details: CartDetails) throws {
        figures = try CartFigures(details.cart)
        for group in details.groups {
            let store = group.store?.id
            for line in group.lines {
                if let number = slotNumbers[line.itemID] {
                    slots[number - 1].name = line.name
                    continue
                }
                if !storeOrder.contains(store) {
                    // A store met during the trip goes before "No store", which stays last.
                    storeOrder.insert(store, at: store == nil ? storeOrder.count : storeOrder.firstIndex(of: nil) ?? storeOrder.count)
                }
                slots.append(Slot(item: line.itemID, name: line.name, store: store))
                slotNumbers[line.itemID] = slots.count
            }
        }
        self.details = details
        reference = details.cart.id.rawValue
    }

    // MARK: - Rendering

    /// The screen, at `style.width` columns: lines break at spaces only, continued under their
    /// own text, and a command to type is never split.
    public func render(_ style: RenderStyle = .plain) -> String {
        let mark = style.unicode ? "…" : "~"
        func text(_ line: String, hang: Int = 2) -> [String] {
            line.split(separator: "\n", omittingEmptySubsequences: false).flatMap {
                TextBlocks.wrap(TerminalText.safe(String($0), singleLine: true), width: style.width, hang: hang, mark: mark)
            }
        }
        let problems = errorLine(style).flatMap { text($0, hang: 7) } + warningLine(style).flatMap { text($0, hang: 9) }
        if let summary { return TextBlocks.fit(text(summary) + problems, width: style.width) }
        guard let details, let figures else { return TextBlocks.fit(problems, width: style.width) }
        let cart = details.cart
        let progress = TextBlocks.progressBar(done: cart.progress.fulfilled, total: cart.progress.total, style: style)
        var lines = text("\(style.bold(cart.name.uppercased()))  " + TextBlocks.phrase(progress))
        lines += text(CartText.budgetLine(figures, style: style, space: String(TextBlocks.glue)))
        for section in sections {
            lines.append("")
            lines += text("--- \(section.store) ---", hang: 4)
            let rows = section.rows.map { ["\($0.number)", $0.isBought ? "[x]" : "[ ]", $0.name, $0.quantity, $0.price] }
            lines += TextBlocks.wrappedTable(rows, width: style.width, flexible: 2, rightAligned: [0, 4], mark: mark)
        }
        lines.append("")
        lines += problems
        if let notice { lines += text(notice) }
        if isShowingHelp {
            lines += TextBlocks.wrappedTable(Self.commands.map { [$0.typed, $0.does] }, width: style.width, flexible: 1, mark: mark)
        }
        if let pendingConfirmation {
            lines += text(pendingConfirmation.question + " [y/N]")
        } else {
            // Each command with what it does stays on one line; lines break after a "|".
            lines += text(Self.reminders.map { TextBlocks.phrase($0) }.joined(separator: "\(TextBlocks.glue)| "))
        }
        return TextBlocks.fit(lines, width: style.width)
    }

    /// What leaving says, with the command that comes back, at `style.width` columns.
    public func farewell(_ style: RenderStyle = .plain) -> String {
        let name = TerminalText.safe(details?.cart.name ?? reference, singleLine: true)
        let line = "Left shopping mode; everything is saved. Continue with: " + TextBlocks.phrase("grock shop " + TextBlocks.arguments([name]))
        return TextBlocks.fit(TextBlocks.wrap(line, width: style.width, hang: 2, mark: style.unicode ? "…" : "~"), width: style.width)
    }
}

/// Why a line number typed in shop mode names no line.
public enum ShopError: Error, ClassifiedError, Equatable, CustomStringConvertible {
    /// A line that is no longer there: `notFound`.
    public var kind: ErrorKind { .notFound }

    /// The line numbered `number` has left the cart (an impulse buy removed): its number is
    /// not given to another line during the session.
    case lineGone(number: Int, name: String)

    public var description: String {
        switch self {
        case .lineGone(let number, let name):
            "line \(number) (\(Echo.shortened(name))) is no longer on the cart; its number is not used again in this session"
        }
    }
}
