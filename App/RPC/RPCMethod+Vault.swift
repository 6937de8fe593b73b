import Composition
import Domain
import Presentation

// The methods of the vault: the stores and their aisle orders, the categories, the items and
// the prices seen for them (their parameters' types in `RPCMethod+VaultParameters.swift`).

extension RPCMethod {
    /// The stores and their aisle orders.
    static let storeMethods: [RPCMethod] = [
        RPCMethod("store.list",
            "The stores.") { container in
            let stores = container.stores()
            try check(await stores.load(), stores)
            return stores.documents
        },
        RPCMethod("store.add",
            "Add a store; the stores.", takes: NewName.self) { container, params in
            let stores = container.stores()
            try check(await stores.add(params.name), stores)
            try check(await stores.load(), stores)
            return stores.documents
        },
        RPCMethod("store.rename",
            "Rename a store; the stores.", takes: StoreRename.self) { container, params in
            let stores = container.stores()
            return try changed(stores, await stores.rename(params.store, to: params.name), stores.documents)
        },
        RPCMethod("store.remove",
            "Remove a store and its prices; the stores.", takes: OfStore.self) { container, params in
            let stores = container.stores()
            return try changed(stores, await stores.remove(params.store), stores.documents)
        },
        RPCMethod("store.aisles",
            "A store's aisle order, set first when categories are given.", takes: Aisles.self) { container, params in
            let stores = container.stores()
            let categories = params.categories ?? []
            let succeeded = await stores.aisles(of: params.store, set: categories)
            if categories.isEmpty {
                try check(succeeded, stores)
                return stores.aislesDocument
            }
            return try changed(stores, succeeded, stores.aislesDocument)
        },
    ]

    /// The categories, in their order.
    static let categoryMethods: [RPCMethod] = [
        RPCMethod("category.list",
            "The categories in order, with how many items each holds.") { container in
            let vault = container.vault()
            try check(await vault.listCategories(), vault)
            return vault.categoryDocuments
        },
        RPCMethod("category.add",
            "Add a category at the end of the order; the categories.", takes: NewName.self) { container, params in
            let vault = container.vault()
            return try changed(vault, await vault.addCategory(params.name), vault.categoryDocuments)
        },
        RPCMethod("category.rename",
            "Rename a category; the categories.", takes: CategoryRename.self) { container, params in
            let vault = container.vault()
            return try changed(vault, await vault.renameCategory(params.category, to: params.name), vault.categoryDocuments)
        },
        RPCMethod("category.move",
            "Move a category to a position, 1 first; the categories.", takes: CategoryMove.self) { container, params in
            let vault = container.vault()
            return try changed(vault, await vault.moveCategory(params.category, to: params.position.value), vault.categoryDocuments)
        },
        RPCMethod("category.remove",
            "Remove an empty category; the categories.", takes: OfCategory.self) { container, params in
            let vault = container.vault()
            return try changed(vault, await vault.removeCategory(params.category), vault.categoryDocuments)
        },
    ]

    /// The vault's items and the prices seen for them.
    static let itemMethods: [RPCMethod] = [
        RPCMethod("item.list",
            "The vault: categories in order with their items and prices.", takes: InCategory.self) { container, params in
            let vault = container.vault()
            try check(await vault.browse(category: params.category), vault)
            return vault.document.sections
        },
        RPCMethod("item.search",
            "Vault items whose name matches, with their prices.", takes: SearchText.self) { container, params in
            let vault = container.vault()
            try check(await vault.search(params.text), vault)
            return vault.resultDocuments
        },
        RPCMethod("item.show",
            "An item's prices at every store, normalised.", takes: OfItem.self) { container, params in
            let vault = container.vault()
            try check(await vault.show(params.item), vault)
            return vault.itemDocument
        },
        RPCMethod("item.history",
            "Every price seen or paid for an item, oldest first.", takes: OfItem.self) { container, params in
            let vault = container.vault()
            try check(await vault.showHistory(params.item), vault)
            return vault.historyDocuments
        },
        RPCMethod("item.add",
            "Add an item to the vault; the item and any warnings.", takes: NewItem.self) { container, params in
            let vault = container.vault()
            let unit = try params.unit.map { try MeasureUnit(parsing: $0) }, pack = try params.pack.map { try PackSize(parsing: $0) }
            try check(await vault.addItem(params.name, category: params.category, price: params.price, store: params.store,
                                          unit: unit, pack: pack), vault)
            return Warned(value: vault.itemDocument, warnings: vault.warnings.map(\.text))
        },
        RPCMethod("item.price",
            "Record a price seen at a store; the item and any warnings.", takes: PriceSeen.self) { container, params in
            let vault = container.vault()
            let unit = try params.unit.map { try MeasureUnit(parsing: $0) }, pack = try params.pack.map { try PackSize(parsing: $0) }
            try check(await vault.setPrice(params.item, store: params.store, price: params.price, unit: unit, pack: pack,
                                           promotion: false, until: nil, date: params.date), vault)
            return Warned(value: vault.itemDocument, warnings: vault.warnings.map(\.text))
        },
        RPCMethod("item.forget",
            "Take a price recorded by hand out of the history (the one seen on date, else the current one); the item.",
            takes: PriceForgotten.self) { container, params in
            let vault = container.vault()
            let day = try params.date.map { try Day(parsing: $0) }
            return try changed(vault, await vault.forgetPrice(params.item, store: params.store, day: day), vault.itemDocument)
        },
        RPCMethod("item.rename",
            "Rename an item (and its lines on active carts); the item.", takes: ItemRename.self) { container, params in
            let vault = container.vault()
            return try changed(vault, await vault.renameItem(params.item, to: params.name), vault.itemDocument)
        },
        RPCMethod("item.move",
            "Move an item to another category; the item.", takes: ItemMove.self) { container, params in
            let vault = container.vault()
            return try changed(vault, await vault.moveItem(params.item, to: params.category), vault.itemDocument)
        },
        RPCMethod("item.remove",
            "Remove an item from the vault; what was done.", takes: OfItem.self) { container, params in
            let vault = container.vault()
            return try changed(vault, await vault.removeItem(params.item), NoticeDocument(notice: vault.notice))
        },
    ]
}
