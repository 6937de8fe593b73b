import Composition
import Domain
import Presentation

extension RPCMethod {
    /// Carts being planned: made, filled, changed, deleted.
    static let cartMethods: [RPCMethod] = [
        RPCMethod("cart.list", [],
            "The active carts with their totals.") { container, params in
            let home = container.home()
            try check(await home.load(), home)
            return home.rows
        },
        RPCMethod("cart.show", [.text("cart")],
            "A cart by store and aisle, with its totals.") { container, params in
            let cart = container.cart(try params.text("cart"))
            return try document(of: cart, await cart.load())
        },
        RPCMethod("cart.new", [.text("cart"), .text("budget", required: false), .texts("items", required: false)],
            "Create a cart being planned; the cart.") { container, params in
            let cart = container.cart(try params.text("cart"))
            return try changed(cart, await cart.create(budget: try params.optionalText("budget"), items: try params.optionalTexts("items") ?? []))
        },
        RPCMethod("cart.add", [.text("cart"), .texts("items"), .text("quantity", required: false), .text("unit", required: false), .text("store", required: false)],
            "Put vault items on a cart; the cart.") { container, params in
            let cart = container.cart(try params.text("cart"))
            return try changed(cart, await cart.add(try params.texts("items"), quantity: try params.quantity("quantity") ?? .one,
                                                 unit: try params.unit("unit"), store: try params.optionalText("store")))
        },
        RPCMethod("cart.set", [.text("cart"), .text("item"), .text("quantity", required: false), .text("unit", required: false), .text("store", required: false)],
            "Change a line's quantity, unit or store; the cart.") { container, params in
            let cart = container.cart(try params.text("cart"))
            guard try params.isGiven("quantity") || params.isGiven("unit") || params.isGiven("store") else {
                throw RPCFailure(code: .invalidParams, message: "give quantity, unit or store")
            }
            return try changed(cart, await cart.setLine(try params.text("item"), quantity: try params.quantity("quantity"), unit: try params.unit("unit"),
                                                    store: try params.optionalText("store")))
        },
        RPCMethod("cart.remove", [.text("cart"), .text("item")],
            "Take a line off a cart; the cart.") { container, params in
            let cart = container.cart(try params.text("cart"))
            return try changed(cart, await cart.remove(try params.text("item")))
        },
        RPCMethod("cart.rename", [.text("cart"), .text("name")],
            "Rename a cart being planned or shopped; the cart.") { container, params in
            let cart = container.cart(try params.text("cart"))
            return try changed(cart, await cart.edit(name: try params.text("name"), budget: nil))
        },
        RPCMethod("cart.budget", [.text("cart"), .textOrNull("budget")],
            "Set a cart's budget, or remove it with null; the cart.") { container, params in
            let cart = container.cart(try params.text("cart"))
            return try changed(cart, await cart.edit(name: nil, budget: .some(try params.optionalText("budget"))))
        },
        RPCMethod("cart.delete", [.text("cart")],
            "Delete a cart, whatever its status (undo brings it back); what was done.") { container, params in
            let cart = container.cart(try params.text("cart"))
            return try changed(cart, await cart.delete(), NoticeDocument(notice: cart.notice))
        },
    ]

    /// A cart being shopped: started, logged, finished or abandoned, reopened.
    static let tripMethods: [RPCMethod] = [
        RPCMethod("trip.start", [.text("cart")],
            "Start shopping a cart; the cart.") { container, params in
            let cart = container.cart(try params.text("cart"))
            return try changed(cart, await cart.startTrip())
        },
        RPCMethod("trip.log", [.text("cart"), .text("item"), .text("price", required: false), .text("store", required: false), .text("quantity", required: false), .text("date", required: false)],
            "Mark a line bought; the cart and any warnings.") { container, params in
            let cart = container.cart(try params.text("cart"))
            return try changed(cart, await cart.log(try params.text("item"), price: try params.optionalText("price"), store: try params.optionalText("store"),
                                                 quantity: try params.quantity("quantity"), date: try params.optionalText("date")))
        },
        RPCMethod("trip.unlog", [.text("cart"), .text("item")],
            "Take back a logged purchase; the cart.") { container, params in
            let cart = container.cart(try params.text("cart"))
            return try changed(cart, await cart.unlog(try params.text("item")))
        },
        RPCMethod("trip.impulse", [.text("cart"), .text("name"), .text("price"), .text("quantity", required: false), .text("store", required: false), .text("date", required: false)],
            "Add an impulse buy; the cart.") { container, params in
            let cart = container.cart(try params.text("cart"))
            return try changed(cart, await cart.addImpulse(try params.text("name"), price: try params.text("price"), quantity: try params.quantity("quantity") ?? .one,
                                                       store: try params.optionalText("store"), date: try params.optionalText("date")))
        },
        RPCMethod("trip.finish", [.text("cart"), .text("date", required: false), .text("carryOver", required: false)],
            "Finish the trip; the completed cart.") { container, params in
            let cart = container.cart(try params.text("cart"))
            return try changed(cart, await cart.finishTrip(date: try params.optionalText("date"), carryOver: try params.optionalText("carryOver")))
        },
        RPCMethod("trip.abort", [.text("cart")],
            "Back to planning, purchases dropped; the cart.") { container, params in
            let cart = container.cart(try params.text("cart"))
            return try changed(cart, await cart.abortTrip())
        },
        RPCMethod("trip.reopen", [.text("cart")],
            "Reopen a completed trip to correct it; the cart.") { container, params in
            let cart = container.cart(try params.text("cart"))
            return try changed(cart, await cart.reopen())
        },
    ]
}
