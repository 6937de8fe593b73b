import Presentation

/// Shop mode's typed commands (`3`, `p 3 1.29`, `+ Gum 0.99`, `f`, `q`, `?`): each line read
/// into a call of one of the view model's intents.
extension ShoppingModeViewModel {
    /// What a typed command did to the session.
    public enum Outcome: Sendable, Equatable {
        case stay
        case finished
        case left
    }

    /// What can be typed, and what it does: the list `?` shows.
    public static let commands: [(typed: String, does: String)] = [
        ("N", "tick line N at its planned price; again to untick"),
        ("p N PRICE [QTY]", "line N bought at PRICE per unit; QTY is what was weighed or counted, in the line's unit"),
        ("+ NAME PRICE", "an impulse buy, added with the next number; @STORE after the price says where"),
        ("f [DATE]", "finish the trip; DATE (YYYY-MM-DD) when it was on another day"),
        ("q", "leave; everything is already saved"),
        ("?", "this list"),
    ]

    /// The reminder under the list, a command each.
    public static let reminders = ["N tick/untick", "p N PRICE [QTY]", "+ NAME PRICE", "f finish", "q quit", "? help"]

    /// The reminder as one line.
    public static var help: String { reminders.joined(separator: " | ") }

    /// Carries out one typed command. While a question is pending, the line is its answer:
    /// `y` or `yes` (any case) confirms, anything else declines.
    public func handle(_ input: String) async -> Outcome {
        let words = input.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        if pendingConfirmation != nil {
            if ["y", "yes"].contains(words.first?.lowercased() ?? ""), words.count == 1 { await confirm() } else { decline() }
            return .stay
        }
        guard let first = words.first?.lowercased() else { return .stay }
        switch first {
        case "q", "quit", "exit":
            return .left
        case "f", "finish":
            guard words.count <= 2 else { return usage("f [DATE], like: f or f 2026-03-01") }
            return await finish(date: words.count == 2 ? words[1] : nil) ? .finished : .stay
        case "p", "price":
            guard (3...4).contains(words.count), let number = Int(words[1]) else {
                return usage("p N PRICE [QTY], like: p 3 1.29 or p 3 3.49 0.736")
            }
            await log(number, price: words[2], quantity: words.count == 4 ? words[3] : nil)
        case "+":
            // `+ NAME PRICE [@STORE]`: the store is named when the trip has bought at several.
            let at = words.firstIndex { $0.hasPrefix("@") } ?? words.count
            let store = at < words.count ? (words[at].dropFirst() + words[(at + 1)...].map { " " + $0 }.joined()) : nil
            guard at >= 3, store?.isEmpty != true else { return usage("+ NAME PRICE [@STORE], like: + Chocolate 1.49 or + Gum 0.99 @Lidl") }
            await addImpulse(words[1..<(at - 1)].joined(separator: " "), price: words[at - 1], store: store.map(String.init))
        case "?", "h", "help":
            help()
        default:
            guard let number = Int(first) else { return usage("type a line number, p N PRICE [QTY], + NAME PRICE, f, q or ? for help") }
            await toggle(number)
        }
        return .stay
    }

    private func usage(_ text: String) -> Outcome {
        refuse("unknown command: " + text)
        return .stay
    }
}
