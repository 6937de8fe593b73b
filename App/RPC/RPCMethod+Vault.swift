import Composition
import Domain
import Presentation

extension RPCMethod {
    /// The stores and their aisle orders.
    static let storeMethods: [RPCMethod] = [
        RPCMethod("store.list", [],
            "The stores.") { container, params in
            let stores = container.stores()
            try check(await stores.load(), stores)
            return stores.documents
        },
        RPCMethod("store.add", [.text("name")],
            "Add a store; the stores.") { container, params in
            let stores = container.stores()
            try check(await stores.add(try params.text("name")), stores)
            try check(await stores.load(), stores)
            return stores.documents
        },
        RPCMethod("store.rename", [.text("store"), .text("name")],
            "Rename a store; the stores.") { container, params in
            let stores = container.stores()
            return try changed(stores, await stores.rename(try params.text("store"), to: try params.text("name")), stores.documents)
        },
        RPCMethod("store.remove", [.text("store")],
            "Remove a store and its prices; the stores.") { container, params in
            let stores = container.stores()
            return try changed(stores, await stores.remove(try params.text("store")), stores.documents)
        },
        RPCMethod("store.aisles", [.text("store"), .texts("categories", required: false)],
            "A store's aisle order, set first when categories are given.") { container, params in
            let stores = container.stores()
            let categories = try params.optionalTexts("categories") ?? []
            let succeeded = await stores.aisles(of: try params.text("store"), set: categories)
            if categories.isEmpty {
                try check(succeeded, stores)
                return stores.aislesDocument
            }
            return try changed(stores, succeeded, stores.aislesDocument)
        },
    ]

    /// The categories, in their order.
    static let categoryMethods: [RPCMethod] = [
        RPCMethod("category.list", [],
            "The categories in order, with how many items each holds.") { container, params in
            let vault = container.vault()
            try check(await vault.listCategories(), vault)
            return vault.categoryDocuments
        },
        RPCMethod("category.add", [.text("name")],
            "Add a category at the end of the order; the categories.") { container, params in
            let vault = container.vault()
            return try changed(vault, await vault.addCategory(try params.text("name")), vault.categoryDocuments)
        },
        RPCMethod("category.rename", [.text("category"), .text("name")],
            "Rename a category; the categories.") { container, params in
            let vault = container.vault()
            return try changed(vault, await vault.renameCategory(try params.text("category"), to: try params.text("name")), vault.categoryDocuments)
        },
        RPCMethod("category.move", [.text("category"), .integer("position", in: 1...1000)],
            "Move a category to a position, 1 first; the categories.") { container, params in
            let vault = container.vault()
            return try changed(vault, await vault.moveCategory(try params.text("category"), to: try params.integer("position")), vault.categoryDocuments)
        },
        RPCMethod("category.remove", [.text("category")],
            "Remove an empty category; the categories.") { container, params in
            let vault = container.vault()
            return try changed(vault, await vault.removeCategory(try params.text("category")), vault.categoryDocuments)
        },
    ]

    /// The vault's items and the prices seen for them.
    static let itemMethods: [RPCMethod] = [
        RPCMethod("item.list", [.text("category", required: false)],
            "The vault: categories in order with their items and prices.") { container, params in
            let vault = container.vault()
            try check(await vault.browse(category: try params.optionalText("category")), vault)
            return vault.document.sections
        },
        RPCMethod("item.search", [.text("text")],
            "Vault items whose name matches, with their prices.") { container, params in
            let vault = container.vault()
            try check(await vault.search(try params.text("text")), vault)
            return vault.resultDocuments
        },
        RPCMethod("item.show", [.text("item")],
            "An item's prices at every store, normalised.") { container, params in
            let vault = container.vault()
            try check(await vault.show(try params.text("item")), vault)
            return vault.itemDocument
        },
        RPCMethod("item.history", [.text("item")],
            "Every price seen or paid for an item, oldest first.") { container, params in
            let vault = container.vault()
            try check(await vault.showHistory(try params.text("item")), vault)
            return vault.historyDocuments
        },
        RPCMethod("item.add", [.text("name"), .text("category"), .text("price", required: false), .text("store", required: false), .text("unit", required: false), .text("pack", required: false)],
            "Add an item to the vault; the item and any warnings.") { container, params in
            let vault = container.vault()
            try check(await vault.addItem(try params.text("name"), category: try params.text("category"), price: try params.optionalText("price"),
                                      store: try params.optionalText("store"), unit: try params.unit("unit"),
                                      pack: try params.optionalText("pack").map(PackSize.init(parsing:))), vault)
            return Warned(value: vault.itemDocument, warnings: vault.warnings)
        },
        RPCMethod("item.price", [.text("item"), .text("store"), .text("price"), .text("unit", required: false), .text("pack", required: false), .text("date", required: false)],
            "Record a price seen at a store; the item and any warnings.") { container, params in
            let vault = container.vault()
            try check(await vault.setPrice(try params.text("item"), store: try params.text("store"), price: try params.text("price"),
                                       unit: try params.unit("unit"), pack: try params.optionalText("pack").map(PackSize.init(parsing:)),
                                       promotion: false, until: nil, date: try params.optionalText("date")), vault)
            return Warned(value: vault.itemDocument, warnings: vault.warnings)
        },
        RPCMethod("item.forget", [.text("item"), .text("store"), .text("date", required: false)],
            "Take a price recorded by hand out of the history (the one seen on date, else the current one); the item.") { container, params in
            let vault = container.vault()
            let date = try params.optionalText("date")
            let day = try date.map { text in
                guard let day = Day(iso: text) else { throw RPCFailure(code: .invalidParams, message: "date is a day, YYYY-MM-DD") }
                return day
            }
            return try changed(vault, await vault.forgetPrice(try params.text("item"), store: try params.text("store"), day: day), vault.itemDocument)
        },
        RPCMethod("item.rename", [.text("item"), .text("name")],
            "Rename an item (and its lines on active carts); the item.") { container, params in
            let vault = container.vault()
            return try changed(vault, await vault.renameItem(try params.text("item"), to: try params.text("name")), vault.itemDocument)
        },
        RPCMethod("item.move", [.text("item"), .text("category")],
            "Move an item to another category; the item.") { container, params in
            let vault = container.vault()
            return try changed(vault, await vault.moveItem(try params.text("item"), to: try params.text("category")), vault.itemDocument)
        },
        RPCMethod("item.remove", [.text("item")],
            "Remove an item from the vault; what was done.") { container, params in
            let vault = container.vault()
            return try changed(vault, await vault.removeItem(try params.text("item")), NoticeDocument(notice: vault.notice))
        },
    ]
}
