// The parameters of the cart methods (`cart.*`, and `plan`, which plans one), each a method's
// (or a few alike methods') as one typed value (`RPCParameters`): its fields, in their order,
// are the parameters `rpc.discover` lists and `RPCParameters.checked` checks.

extension RPCMethod {
    /// The parameters of a method that takes a cart only.
    struct OfCart: RPCParameters {
        let cart: String
    }

    /// `cart.new`'s.
    struct NewCart: RPCParameters {
        let cart: String
        let budget: String?
        let items: [String]?
    }

    /// `cart.add`'s.
    struct CartAddition: RPCParameters {
        let cart: String
        let items: [String]
        let quantity: String?
        let unit: String?
        let store: String?
    }

    /// `cart.set`'s: what to change, one at least (null counts as given).
    struct LineChange: RPCParameters {
        let cart: String
        let item: String
        let quantity: String?
        let unit: String?
        let store: String?
        /// Whether quantity, unit or store is given (null too).
        let namesAChange: Bool

        private enum CodingKeys: CodingKey { case cart, item, quantity, unit, store }

        init(from decoder: any Decoder) throws {
            let fields = try decoder.container(keyedBy: CodingKeys.self)
            cart = try fields.decode(String.self, forKey: .cart)
            item = try fields.decode(String.self, forKey: .item)
            quantity = try fields.decodeIfPresent(String.self, forKey: .quantity)
            unit = try fields.decodeIfPresent(String.self, forKey: .unit)
            store = try fields.decodeIfPresent(String.self, forKey: .store)
            namesAChange = fields.contains(.quantity) || fields.contains(.unit) || fields.contains(.store)
        }
    }

    /// The parameters of a method that takes a cart and one of its lines.
    struct CartLine: RPCParameters {
        let cart: String
        let item: String
    }

    /// `cart.rename`'s.
    struct CartRename: RPCParameters {
        let cart: String
        let name: String
    }

    /// `cart.budget`'s: null removes the budget.
    struct CartBudget: RPCParameters {
        let cart: String
        let budget: NullRemoves<String>
    }

    /// `plan`'s.
    struct PlanParameters: RPCParameters {
        let cart: String
        let maxStores: Bounded<OneToAThousand>?
        let apply: Bool?
    }
}
