import Composition
import Domain
import Presentation

// The methods of carts being planned, and of trips (a cart being shopped), over the cart view
// model: each declared with the type of its parameters (`RPCMethod+CartParameters.swift`, `+TripParameters`), each
// answered with the cart, the warnings its change raised, or the intent's error.

extension RPCMethod {
    /// Carts being planned: made, filled, changed, deleted.
    static let cartMethods: [RPCMethod] = [
        RPCMethod("cart.list",
            "The active carts with their totals.") { container in
            let home = container.home()
            try check(await home.load(), home)
            return home.rows
        },
        RPCMethod("cart.show",
            "A cart by store and aisle, with its totals.", takes: OfCart.self) { container, params in
            let cart = container.cart(params.cart)
            return try document(of: cart, await cart.load())
        },
        RPCMethod("cart.new",
            "Create a cart being planned; the cart.", takes: NewCart.self) { container, params in
            let cart = container.cart(params.cart)
            return try changed(cart, await cart.create(budget: params.budget, items: params.items ?? []))
        },
        RPCMethod("cart.add",
            "Put vault items on a cart; the cart.", takes: CartAddition.self) { container, params in
            let cart = container.cart(params.cart)
            return try changed(cart, await cart.add(params.items, quantity: try quantity(params.quantity) ?? .one,
                                                 unit: try params.unit.map { try MeasureUnit(parsing: $0) }, store: params.store))
        },
        RPCMethod("cart.set",
            "Change a line's quantity, unit or store; the cart.", takes: LineChange.self) { container, params in
            let cart = container.cart(params.cart)
            guard params.namesAChange else { throw RPCFailure(code: .invalidParams, message: "give quantity, unit or store") }
            return try changed(cart, await cart.setLine(params.item, quantity: try quantity(params.quantity),
                                                    unit: try params.unit.map { try MeasureUnit(parsing: $0) }, store: params.store))
        },
        RPCMethod("cart.remove",
            "Take a line off a cart; the cart.", takes: CartLine.self) { container, params in
            let cart = container.cart(params.cart)
            return try changed(cart, await cart.remove(params.item))
        },
        RPCMethod("cart.rename",
            "Rename a cart being planned or shopped; the cart.", takes: CartRename.self) { container, params in
            let cart = container.cart(params.cart)
            return try changed(cart, await cart.edit(name: params.name, budget: nil))
        },
        RPCMethod("cart.budget",
            "Set a cart's budget, or remove it with null; the cart.", takes: CartBudget.self) { container, params in
            let cart = container.cart(params.cart)
            return try changed(cart, await cart.edit(name: nil, budget: .some(params.budget.value)))
        },
        RPCMethod("cart.delete",
            "Delete a cart, whatever its status (undo brings it back); what was done.", takes: OfCart.self) { container, params in
            let cart = container.cart(params.cart)
            return try changed(cart, await cart.delete(), NoticeDocument(notice: cart.notice))
        },
    ]

    /// A cart being shopped: started, logged, finished or abandoned, reopened.
    static let tripMethods: [RPCMethod] = [
        RPCMethod("trip.start",
            "Start shopping a cart; the cart.", takes: OfCart.self) { container, params in
            let cart = container.cart(params.cart)
            return try changed(cart, await cart.startTrip())
        },
        RPCMethod("trip.log",
            "Mark a line bought; the cart and any warnings.", takes: LoggedPurchase.self) { container, params in
            let cart = container.cart(params.cart)
            return try changed(cart, await cart.log(params.item, price: params.price, store: params.store,
                                                 quantity: try quantity(params.quantity), date: params.date))
        },
        RPCMethod("trip.unlog",
            "Take back a logged purchase; the cart.", takes: CartLine.self) { container, params in
            let cart = container.cart(params.cart)
            return try changed(cart, await cart.unlog(params.item))
        },
        RPCMethod("trip.impulse",
            "Add an impulse buy; the cart.", takes: ImpulseBuy.self) { container, params in
            let cart = container.cart(params.cart)
            return try changed(cart, await cart.addImpulse(params.name, price: params.price,
                                                           quantity: try quantity(params.quantity) ?? .one,
                                                       store: params.store, date: params.date))
        },
        RPCMethod("trip.finish",
            "Finish the trip; the completed cart.", takes: TripEnd.self) { container, params in
            let cart = container.cart(params.cart)
            return try changed(cart, await cart.finishTrip(date: params.date, carryOver: params.carryOver))
        },
        RPCMethod("trip.abort",
            "Back to planning, purchases dropped; the cart.", takes: OfCart.self) { container, params in
            let cart = container.cart(params.cart)
            return try changed(cart, await cart.abortTrip())
        },
        RPCMethod("trip.reopen",
            "Reopen a completed trip to correct it; the cart.", takes: OfCart.self) { container, params in
            let cart = container.cart(params.cart)
            return try changed(cart, await cart.reopen())
        },
    ]
}

/// A quantity as a request gives it (text, as typed), read as the command line's `--qty` is.
private func quantity(_ text: String?) throws -> Quantity? { try text.map { try Quantity(parsing: $0) } }
