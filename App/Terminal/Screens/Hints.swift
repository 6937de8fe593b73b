// The `grock ...` commands the screens suggest, in one place: a command renamed or given another
// argument changes here only. A name the person gave is quoted for a shell, and a hint that holds
// one is a phrase (`TextBlocks.phrase`), so that a narrow terminal never breaks it.

enum Hints {
    /// The first run, for an empty vault and for settings not set up.
    static let setUp = "grock init"
    /// A first store.
    static let addStore = "grock store add NAME"
    /// A first cart; 50 is only an example of a budget.
    static let newCart = "grock cart new NAME --budget 50"
    /// A first item, in a vault with no category yet.
    static let addFirstItem = "grock item add NAME --category CAT"
    /// What `grock init` suggests next: a store, an item with a price, a cart, a line, a trip.
    static let firstSteps = [
        "grock store add Aldi",
        "grock item add Milk --category Dairy --price 1.09 --store Aldi",
        "grock cart new Weekly --budget 50",
        "grock cart add Weekly Milk --qty 2",
        "grock shop Weekly",
    ]

    /// A first item, in `category` (the vault's first).
    static func addItem(category: String) -> String {
        "grock item add NAME --category \(TextBlocks.shellWord(category))"
    }

    /// A price for `item`; a name starting with `-` goes after the options, where it cannot be
    /// read as one.
    static func addPrice(_ item: String) -> String {
        TextBlocks.phrase(item.hasPrefix("-")
            ? "grock item price --store STORE --price PRICE " + TextBlocks.arguments([item])
            : "grock item price " + TextBlocks.shellWord(item) + " --store STORE --price PRICE")
    }

    /// A line on `cart`.
    static func addToCart(_ cart: String) -> String {
        TextBlocks.phrase("grock cart add " + TextBlocks.arguments([cart]) + " ITEM")
    }

    /// A completed trip back to shopping, to correct it.
    static func reopenTrip(_ cart: String) -> String {
        TextBlocks.phrase("grock trip reopen " + TextBlocks.arguments([cart]))
    }

    /// Back into shopping mode on `cart`.
    static func shop(_ cart: String) -> String {
        TextBlocks.phrase("grock shop " + TextBlocks.arguments([cart]))
    }

    /// Another device joining the household that syncs through `folder`.
    static func joinHousehold(_ folder: String) -> String {
        "grock sync join \(TextBlocks.shellWord(folder))"
    }
}
