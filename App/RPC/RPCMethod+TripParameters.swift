// The parameters of the trip methods (`trip.*`) that take more than a cart, each one typed
// value (`RPCParameters`): its fields, in their order, are the parameters `rpc.discover` lists.

extension RPCMethod {
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
}
