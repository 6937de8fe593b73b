// The parameters of the vault's methods (`store.*`, `category.*`, `item.*`), each a method's
// (or a few alike methods') as one typed value (`RPCParameters`): its fields, in their order,
// are the parameters `rpc.discover` lists and `RPCParameters.checked` checks.

extension RPCMethod {
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
