import Domain

/// An active cart whose totals cannot be worked out (a sum too large for an amount, as only a
/// damaged or hand-edited state can hold): listed by name with its problem, so that one bad
/// record does not hide the other carts.
public struct DamagedCart: Sendable, Hashable, Encodable {
    /// The cart's id, to open, fix or delete it.
    public let id: String
    /// The cart's name as stored.
    public let name: String
    /// Planning or shopping; written as its raw value.
    public let status: CartStatus
    /// Why its totals cannot be worked out, in a sentence.
    public let problem: String

    /// The damaged `cart`, and the error working out its totals threw.
    init(_ cart: Cart, problem: any Error) {
        id = cart.id.rawValue
        name = cart.name
        status = cart.status
        self.problem = "\(problem)"
    }
}
