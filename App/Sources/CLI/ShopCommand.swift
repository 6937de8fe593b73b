import Domain
import Presentation
import Terminal

/// A line typed in `grock shop` (`3`, `p 3 1.29`, `+ Gum 0.99 @Lidl`, `f`, `q`, `?`), read into
/// what it asks; `ShoppingModeViewModel.handle(_:)` carries it out with the view model's intents.
/// Which words name which command, and what `?` lists, is `ShopCommandSyntax` (Terminal).
enum ShopCommand: Equatable {
    /// `N`: tick line N at its planned price, or untick it.
    case toggle(line: Int)
    /// `p N PRICE [QTY]`: line N bought at PRICE, QTY of it when weighed or counted. PRICE stays
    /// text, read in the cart's currency by the use case; QTY is read here, as `--qty` is.
    case price(line: Int, price: String, quantity: Quantity?)
    /// `+ NAME PRICE [@STORE]`: an impulse buy, at STORE when the trip has bought at several.
    case impulse(name: String, price: String, store: String?)
    /// `f [DATE]`: finish the trip, on DATE when it was another day.
    case finish(date: String?)
    /// `q`: leave; everything is saved already.
    case leave
    /// `?`: list the commands.
    case help
    /// An empty line: nothing to do.
    case nothing
    /// A line that is none of the above: the usage to show, with an example.
    case unknown(usage: String)

    /// Reads one typed line; words are split at spaces, the command's letter in any case
    /// (`ShopCommandSyntax` names each command's words and usage).
    /// - Throws: `DomainError.invalidQuantity` or `.tooLarge` for a QTY that is not a quantity.
    init(_ typed: String) throws {
        let words = typed.split(separator: " ").map(String.init)
        guard let first = words.first?.lowercased() else { self = .nothing; return }
        if ShopCommandSyntax.leave.words.contains(first) {
            self = .leave
        } else if ShopCommandSyntax.finish.words.contains(first) {
            self = words.count <= 2 ? .finish(date: words.count == 2 ? words[1] : nil) : .unknown(usage: ShopCommandSyntax.finish.usage)
        } else if ShopCommandSyntax.price.words.contains(first) {
            guard (3...4).contains(words.count), let number = Int(words[1]) else {
                self = .unknown(usage: ShopCommandSyntax.price.usage)
                return
            }
            self = .price(line: number, price: words[2], quantity: words.count == 4 ? try Quantity(parsing: words[3]) : nil)
        } else if ShopCommandSyntax.impulse.words.contains(first) {
            self = Self.impulse(words)
        } else if ShopCommandSyntax.help.words.contains(first) {
            self = .help
        } else {
            self = Int(first).map { .toggle(line: $0) } ?? .unknown(usage: ShopCommandSyntax.unknownUsage)
        }
    }

    /// `+ NAME PRICE [@STORE]`: the name is every word between `+` and the price, the store every
    /// word after the `@`.
    private static func impulse(_ words: [String]) -> ShopCommand {
        let at = words.firstIndex { $0.hasPrefix("@") } ?? words.count
        let store = at < words.count ? (words[at].dropFirst() + words[(at + 1)...].map { " " + $0 }.joined()) : nil
        guard at >= 3, store?.isEmpty != true else { return .unknown(usage: ShopCommandSyntax.impulse.usage) }
        return .impulse(name: words[1..<(at - 1)].joined(separator: " "), price: words[at - 1], store: store.map(String.init))
    }

    /// Whether a line answers a question (remove an impulse buy?) with yes: `y` or `yes` alone,
    /// in any case. Anything else, an empty line too, is no.
    static func isYes(_ typed: String) -> Bool {
        let words = typed.split(separator: " ")
        return words.count == 1 && ["y", "yes"].contains(words[0].lowercased())
    }
}

extension ShoppingModeViewModel {
    /// What a typed line did to the session.
    enum Outcome: Sendable, Equatable {
        case stay
        case finished
        case left
    }

    /// Carries out one typed line. While a question is pending, the line is its answer: yes
    /// (`ShopCommand.isYes`) confirms, anything else declines. A value that does not read is
    /// refused, as an unknown command is.
    func handle(_ typed: String) async -> Outcome {
        if pendingConfirmation != nil {
            if ShopCommand.isYes(typed) { await confirm() } else { decline() }
            return .stay
        }
        let command: ShopCommand
        do { command = try ShopCommand(typed) } catch {
            refuse("\(error)")
            return .stay
        }
        switch command {
        case .leave: return .left
        case .finish(let date): return await finish(date: date) ? .finished : .stay
        case .toggle(let line): await toggle(line)
        case .price(let line, let price, let quantity): await log(line, price: price, quantity: quantity)
        case .impulse(let name, let price, let store): await addImpulse(name, price: price, store: store)
        case .help: help()
        case .nothing: break
        case .unknown(let usage): refuse("unknown command: " + usage)
        }
        return .stay
    }
}
