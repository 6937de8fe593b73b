// The parameters of Grock's methods, each a method's (or a few alike methods') as one typed
// value (`RPCParameters`): its fields, in their order, are the parameters `rpc.discover` lists
// and `RPCParameters.checked` checks. The receipt's, which read their decisions leniently, are in
// `RPCMethod+Receipt.swift`.

extension RPCMethod {
    // MARK: - Settings, plan, spending, export

    /// `setup`'s: the currency, EUR unless given.
    struct SetupParameters: RPCParameters {
        let currency: String?
    }

    /// `settings.currency`'s.
    struct CurrencyChange: RPCParameters {
        let currency: String
    }

    /// `plan`'s.
    struct PlanParameters: RPCParameters {
        let cart: String
        let maxStores: Bounded<OneToAThousand>?
        let apply: Bool?
    }

    /// `insights`' months.
    struct Period: RPCParameters {
        let from: String?
        let to: String?
    }

    /// `export`'s.
    struct Export: RPCParameters {
        let format: String
    }

    // MARK: - Carts and trips

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

    /// `trip.log`'s.
    struct LoggedPurchase: RPCParameters {
        let cart: String
        let item: String
        let price: String?
        let store: String?
        let quantity: String?
        let date: String?
    }

    /// `trip.impulse`'s.
    struct ImpulseBuy: RPCParameters {
        let cart: String
        let name: String
        let price: String
        let quantity: String?
        let store: String?
        let date: String?
    }

    /// `trip.finish`'s.
    struct TripEnd: RPCParameters {
        let cart: String
        let date: String?
        let carryOver: String?
    }

    // MARK: - Stores, categories, items

    /// `store.add`'s and `category.add`'s.
    struct NewName: RPCParameters {
        let name: String
    }

    /// The parameters of a method that takes a store only.
    struct OfStore: RPCParameters {
        let store: String
    }

    /// `store.rename`'s.
    struct StoreRename: RPCParameters {
        let store: String
        let name: String
    }

    /// `store.aisles`': the order to set, none to read it.
    struct Aisles: RPCParameters {
        let store: String
        let categories: [String]?
    }

    /// The parameters of a method that takes a category only.
    struct OfCategory: RPCParameters {
        let category: String
    }

    /// `category.rename`'s.
    struct CategoryRename: RPCParameters {
        let category: String
        let name: String
    }

    /// `category.move`'s: 1 first.
    struct CategoryMove: RPCParameters {
        let category: String
        let position: Bounded<OneToAThousand>
    }

    /// `item.list`'s: one category, or every one.
    struct InCategory: RPCParameters {
        let category: String?
    }

    /// `item.search`'s.
    struct SearchText: RPCParameters {
        let text: String
    }

    /// The parameters of a method that takes an item only.
    struct OfItem: RPCParameters {
        let item: String
    }

    /// `item.add`'s.
    struct NewItem: RPCParameters {
        let name: String
        let category: String
        let price: String?
        let store: String?
        let unit: String?
        let pack: String?
    }

    /// `item.price`'s.
    struct PriceSeen: RPCParameters {
        let item: String
        let store: String
        let price: String
        let unit: String?
        let pack: String?
        let date: String?
    }

    /// `item.forget`'s: the price seen on `date`, else the current one.
    struct PriceForgotten: RPCParameters {
        let item: String
        let store: String
        let date: String?
    }

    /// `item.rename`'s.
    struct ItemRename: RPCParameters {
        let item: String
        let name: String
    }

    /// `item.move`'s.
    struct ItemMove: RPCParameters {
        let item: String
        let category: String
    }
}
