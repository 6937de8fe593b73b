import Domain
import Observation

/// The in-store list: numbered lines in store and aisle order, nothing else. Typed commands
/// (`3`, `p 3 1.29`, `+ Gum 0.99`, `f`, `q`) drive it, so any text front can offer it.
@MainActor @Observable
public final class ShoppingModeViewModel: ErrorState {
    /// What a typed command did to the session.
    public enum Outcome: Sendable, Equatable {
        case stay
        case finished
        case left
    }

    public private(set) var details: CartDetails?
    public private(set) var figures: CartFigures?
    /// The closing summary, once the trip is finished.
    public private(set) var summary: String?
    public private(set) var notice: String?
    public internal(set) var errorMessage: String?
    public internal(set) var lastError: (any Error)?
    public internal(set) var warning: String?

    private let useCases: UseCases
    private var reference: String

    public init(useCases: UseCases, cart reference: String) {
        self.useCases = useCases
        self.reference = reference
    }

    /// The lines as numbered on screen (1-based).
    public var numberedLines: [CartItem] { details?.linesInShoppingOrder ?? [] }

    // MARK: - Intents

    /// Loads the cart, starting its trip when it is still being planned.
    @discardableResult
    public func begin() async -> Bool {
        await perform {
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

    /// Ticks line `number` at its planned price, or unticks it when already bought.
    @discardableResult
    public func toggle(_ number: Int) async -> Bool {
        await perform {
            let line = try lineNumbered(number)
            if line.isFulfilled {
                _ = try await useCases.unlogPurchase(cart: reference, item: line.itemID.rawValue)
                notice = "\(line.name): not bought."
            } else {
                _ = try await useCases.logPurchase(cart: reference, item: line.itemID.rawValue)
                notice = "\(line.name): bought."
            }
            await afterSaving { try await refresh() }
        }
    }

    /// Logs line `number` as bought at `price` per unit.
    @discardableResult
    public func log(_ number: Int, price: String) async -> Bool {
        await perform {
            let line = try lineNumbered(number)
            let cart = try await useCases.logPurchase(cart: reference, item: line.itemID.rawValue, price: price)
            // The price as understood, not as typed: the typed text may be padded or very long.
            notice = "\(line.name): bought at \(cart.line(for: line.itemID)?.actualPrice?.amountText ?? Echo.shortened(price))."
            await afterSaving { try await refresh() }
        }
    }

    @discardableResult
    public func addImpulse(_ name: String, price: String) async -> Bool {
        await perform {
            _ = try await useCases.addImpulseItem(cart: reference, name: name, price: price)
            notice = "\(Echo.shortened(name)): added and bought."
            await afterSaving { try await refresh() }
        }
    }

    @discardableResult
    public func finish() async -> Bool {
        await perform {
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
                text += ".\n\(cart.progress.fulfilled) of \(cart.progress.total) items bought; vault prices updated for "
                    + TextBlocks.plural(bought, "item") + "."
                summary = text
            }
        }
    }

    /// Carries out one typed command.
    public func handle(_ input: String) async -> Outcome {
        let words = input.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        notice = nil
        guard let first = words.first?.lowercased() else { return .stay }
        switch first {
        case "q", "quit", "exit":
            return .left
        case "f", "finish":
            return await finish() ? .finished : .stay
        case "p", "price":
            guard words.count == 3, let number = Int(words[1]) else { return usage("p NUMBER PRICE, like: p 3 1.29") }
            await log(number, price: words[2])
        case "+":
            guard words.count >= 3 else { return usage("+ NAME PRICE, like: + Chocolate 1.49") }
            await addImpulse(words[1..<(words.count - 1)].joined(separator: " "), price: words[words.count - 1])
        case "?", "h", "help":
            notice = Self.help
        default:
            guard let number = Int(first) else { return usage("type a line number, p N PRICE, + NAME PRICE, f or q") }
            await toggle(number)
        }
        return .stay
    }

    public static let help = "N tick/untick | p N PRICE paid | + NAME PRICE impulse buy | f finish | q quit"

    private func usage(_ text: String) -> Outcome {
        errorMessage = "unknown command: " + text
        lastError = nil
        warning = nil
        return .stay
    }

    private func lineNumbered(_ number: Int) throws -> CartItem {
        let lines = numberedLines
        guard (1...max(lines.count, 1)).contains(number), number <= lines.count else {
            throw DomainError.invalidPosition(number, count: lines.count)
        }
        return lines[number - 1]
    }

    private func refresh() async throws { try show(try await useCases.showCart(reference)) }

    private func show(_ details: CartDetails) throws {
        figures = try CartFigures(details.cart)
        self.details = details
        reference = details.cart.id.rawValue
    }

    // MARK: - Rendering

    public func render(_ style: RenderStyle = .plain) -> String {
        if let summary { return TextBlocks.fit([summary] + warningLine(style), width: style.width) }
        guard let details, let figures else { return TextBlocks.fit(errorLine(style) + warningLine(style), width: style.width) }
        let cart = details.cart
        var lines = ["\(style.bold(cart.name.uppercased()))  " + TextBlocks.progressBar(done: cart.progress.fulfilled, total: cart.progress.total, style: style)]
        lines.append(CartText.budgetLine(figures, style: style))
        var number = 0
        for group in details.groups {
            lines.append("")
            lines.append("--- \(group.store?.name ?? "No store") ---")
            let rows = group.lines.map { line -> [String] in
                number += 1
                let price = line.isFulfilled ? TextBlocks.money(line.actualPrice) : line.plannedPrice?.amountText ?? "?"
                return ["\(number)", line.isFulfilled ? "[x]" : "[ ]", line.name, "\(line.purchasedQuantity ?? line.quantity) \(line.unit)", price]
            }
            lines += TextBlocks.table(rows, rightAligned: [0, 4], limits: [2: 34])
        }
        lines.append("")
        lines += errorLine(style)
        lines += warningLine(style)
        if let notice { lines.append(notice) }
        lines.append(Self.help)
        return TextBlocks.fit(lines, width: style.width)
    }
}
