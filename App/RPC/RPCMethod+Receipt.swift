import Composition
import Domain
import Presentation

// `receipt.review` and `receipt.apply`: their parameters, with each decision's fields checked as
// any parameter is (a decision missing one is refused in its turn, by name), and the receipt view
// model taken through review, the decisions and apply.

extension RPCMethod {
    /// `receipt.review`'s parameters: the receipt and what to match it against.
    struct ReceiptReview: RPCParameters {
        let text: String
        let cart: String?
        let store: String?
        let date: String?
    }

    /// `receipt.apply`'s: `receipt.review`'s, then the decisions and the flags.
    struct ReceiptApplication: RPCParameters {
        let review: ReceiptReview
        let decisions: [Decision]?
        let acceptDifference: Bool?
        let dryRun: Bool?

        private enum CodingKeys: CodingKey { case decisions, acceptDifference, dryRun }

        init(from decoder: any Decoder) throws {
            review = try ReceiptReview(from: decoder)
            let fields = try decoder.container(keyedBy: CodingKeys.self)
            decisions = try fields.decodeIfPresent([Decision].self, forKey: .decisions)
            acceptDifference = try fields.decodeIfPresent(Bool.self, forKey: .acceptDifference)
            dryRun = try fields.decodeIfPresent(Bool.self, forKey: .dryRun)
        }
    }

    /// One of `decisions`: `{"line": 3, "decision": "item", "item": "Milk"}`, `{"line": 4,
    /// "decision": "newItem", "category": "Produce", "name": "Grapes"}`, `{"line": 5, "decision":
    /// "impulse"}`, `{"line": 6, "decision": "skip"}`. A field of the wrong JSON type is refused
    /// before anything runs, in the words of any parameter's (`Parameter.problem`), named by its
    /// place (`decisions[1].line must be a whole number`); a decision missing one is refused in
    /// its turn, after the receipt is reviewed and the decisions before it are read.
    struct Decision: ParameterElement {
        let line: Int?
        let decision: String?
        let item: String?
        let category: String?
        let name: String?

        private enum CodingKeys: CodingKey { case line, decision, item, category, name }

        /// - Throws: `RPCFailure` `invalidParams` for a field of the wrong JSON type.
        init(from decoder: any Decoder) throws {
            let fields = try decoder.container(keyedBy: CodingKeys.self)
            let place = decoder.codingPath.last?.intValue.map { "decisions[\($0)]." } ?? ""
            func field<T: Decodable>(_ key: CodingKeys, _ kind: Parameter.Kind) throws -> T? {
                let parameter = Parameter(name: place + key.stringValue, kind: kind, isRequired: false)
                if let problem = parameter.problem(with: try fields.decodeIfPresent(JSONValue.self, forKey: key)) {
                    throw RPCFailure(code: .invalidParams, message: problem)
                }
                return try fields.decodeIfPresent(T.self, forKey: key)
            }
            line = try field(.line, .integer(Int64.min...Int64.max))
            decision = try field(.decision, .text)
            item = try field(.item, .text)
            category = try field(.category, .text)
            name = try field(.name, .text)
        }

        static var arrayKind: RPCMethod.Parameter.Kind { .objects }
    }

    /// `receipt.review`, and with `applying` `receipt.apply`: the receipt view model over the text sent.
    @MainActor
    static func receipt(_ review: ReceiptReview, applying application: ReceiptApplication?,
                        _ container: AppContainer) async throws -> any Encodable & Sendable {
        let receipt = container.receipt()
        try check(await receipt.review(ReceiptRequest(text: review.text, cart: review.cart, store: review.store, date: review.date)),
                  receipt)
        guard let application else { return receipt.document }
        for (row, decision) in try await decisions(application.decisions ?? [], receipt, container) {
            try check(receipt.decide(row: row, decision), receipt)
        }
        try check(await receipt.apply(acceptDifference: application.acceptDifference ?? false, dryRun: application.dryRun ?? false),
                  receipt)
        return receipt.document
    }

    /// The decisions as the view model takes them, in the order sent. An item is a candidate's
    /// id, else any vault item's name or id; a category a name or id.
    @MainActor
    private static func decisions(_ sent: [Decision], _ receipt: ReceiptViewModel,
                                  _ container: AppContainer) async throws -> [(Int, ReceiptDecision)] {
        var decided: [(Int, ReceiptDecision)] = []
        var seen: Set<Int> = []
        for sent in sent {
            guard let row = sent.line, let kind = sent.decision else {
                throw invalid("each decision is {\"line\": a number, \"decision\": item, newItem, impulse or skip}")
            }
            // Two decisions for one line are a mistake of the caller's, not a choice to guess.
            guard seen.insert(row).inserted else { throw invalid("line \(row) is decided twice") }
            switch kind {
            case "impulse": decided.append((row, .impulse))
            case "skip": decided.append((row, .skip))
            case "item":
                guard let reference = sent.item else { throw invalid("decision item on line \(row) needs item") }
                let candidates = receipt.document?.lines.flatMap(\.candidates) ?? []
                if let candidate = candidates.first(where: { $0.item == reference }) {
                    decided.append((row, .item(ItemID(candidate.item))))
                } else {
                    decided.append((row, .item(try await container.useCases.showItem(reference).item.id)))
                }
            case "newItem":
                guard let name = sent.category else { throw invalid("decision newItem on line \(row) needs category") }
                guard let category = receipt.categoryID(named: name) else {
                    throw RPCFailure(DomainError.notFound(kind: .category, name: name, suggestion: nil))
                }
                decided.append((row, .newItem(category: category, name: sent.name)))
            default: throw invalid("decision is item, newItem, impulse or skip, not \(Echo.quoted(kind))")
            }
        }
        return decided
    }

    private static func invalid(_ message: String) -> RPCFailure { RPCFailure(code: .invalidParams, message: message) }
}
