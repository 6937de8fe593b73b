import Composition
import Domain
import Presentation

// How a method turns its view model's intent into an answer: the model's document, with the
// warnings its change raised, or the intent's error as an RPC failure.

extension RPCMethod {
    @MainActor
    static func household(_ container: AppContainer) throws -> Household {
        guard let household = container.household() else {
            throw RPCFailure(RPCRefusal(description: "sync needs a data directory, not --in-memory"))
        }
        return household
    }

    @MainActor
    static func document(of cart: CartDetailViewModel, _ succeeded: Bool) throws -> CartDocument? {
        try check(succeeded, cart)
        return cart.document
    }

    /// A change's result: the cart, and what to warn of (a price that looks like a slip; the
    /// change saved but the cart not shown, when `value` is null).
    @MainActor
    static func changed(_ cart: CartDetailViewModel, _ succeeded: Bool) throws -> Warned<CartDocument?> {
        try changed(cart, succeeded, cart.document)
    }

    /// A change's result: `value`, the model's state after it, and what to warn of; `value` is
    /// null when the change was saved but could not be shown.
    @MainActor
    static func changed<Value: Encodable & Sendable>(_ model: some IntentOutcome, _ succeeded: Bool,
                                                     _ value: @autoclosure () -> Value?) throws
        -> Warned<Value?> {
        try check(succeeded, model)
        return Warned(value: model.warning == nil ? value() : nil, warnings: model.warnings.map(\.text))
    }

    /// Throws the intent's error as an RPC failure of its kind.
    @MainActor
    static func check(_ succeeded: Bool, _ model: some IntentOutcome) throws {
        guard !succeeded else { return }
        throw model.lastError.map(RPCFailure.init) ?? RPCFailure(code: .refused, message: "the request failed")
    }
}

/// What this front refuses by itself (sync without a data directory).
private struct RPCRefusal: Error, ClassifiedError, CustomStringConvertible {
    let description: String
    var kind: ErrorKind { .refused }
}
