import Presentation

// What can be typed in shop mode, as `ShopScreen` lists it; the command line reads what is typed
// (App/Sources/CLI/ShopCommand.swift). Constants, nonisolated so that `ShopScreen`, off the main
// actor, lists them.
extension ShoppingModeViewModel {
    /// What can be typed, and what it does: the list `?` shows.
    public nonisolated static let commands: [(typed: String, does: String)] = [
        ("N", "tick line N at its planned price; again to untick"),
        ("p N PRICE [QTY]", "line N bought at PRICE per unit; QTY is what was weighed or counted, in the line's unit"),
        ("+ NAME PRICE", "an impulse buy, added with the next number; @STORE after the price says where"),
        ("f [DATE]", "finish the trip; DATE (YYYY-MM-DD) when it was on another day"),
        ("q", "leave; everything is already saved"),
        ("?", "this list"),
    ]

    /// The reminder under the list, a command each.
    public nonisolated static let reminders = ["N tick/untick", "p N PRICE [QTY]", "+ NAME PRICE", "f finish", "q quit", "? help"]

    /// The reminder as one line.
    public nonisolated static var help: String { reminders.joined(separator: " | ") }
}
