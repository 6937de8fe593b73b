import Domain

// What shop mode shows of its lines: numbered rows by store, and the question it waits on.
extension ShoppingModeViewModel {
    /// One numbered line as shop mode shows it.
    public struct Row: Sendable, Hashable, Encodable {
        /// The line's number for the whole session.
        public let number: Int
        /// The line's name: the item's, or the impulse buy's.
        public let name: String
        /// Whether the line is ticked.
        public let isBought: Bool
        /// Whether it was bought on impulse (unticking it asks first: it would be deleted).
        public let isImpulse: Bool
        /// What was bought, else what is planned: `1.5 kg`.
        public let quantity: String
        /// The price paid for one unit once bought, else the planned one (`0.89/lb` when per
        /// another unit than the line's); nil when unknown.
        public let price: String?

        init(number: Int, line: CartItem) {
            self.number = number
            name = line.name
            isBought = line.isFulfilled
            isImpulse = line.isImpulse
            quantity = "\(line.purchasedQuantity ?? line.quantity) \(line.unit)"
            price = (line.isFulfilled ? line.actualPrice : line.plannedPrice).map { money in
                line.isPricedPerUnit ? money.amountText : "\(money.amountText)/\(line.priceUnit)"
            }
        }
    }

    /// The rows bought, or to be bought, at one store.
    public struct Section: Sendable, Hashable, Encodable {
        /// The store's name; nil for the lines with no store, which come last.
        public let store: String?
        /// Its rows in number order: shopping order at the session's start, then the lines added
        /// since.
        public let rows: [Row]
    }

    /// A question the session waits on before doing what a tick cannot take back: a front shows
    /// it and answers with `confirm()` or `decline()`.
    public struct Confirmation: Sendable, Hashable, Encodable {
        /// The number of the line it asks about.
        public let number: Int
        /// That line's name.
        public let name: String
        /// `Remove impulse buy Gum?`: unticked, an impulse buy would leave the cart.
        public let question: String
        /// The line's item: the session's own, not the front's (it answers by `number`).
        let item: ItemID

        private enum CodingKeys: String, CodingKey { case number, name, question }

        init(number: Int, name: String, item: ItemID) {
            self.number = number
            self.name = name
            self.item = item
            question = "Remove impulse buy \(name)?"
        }
    }
}
