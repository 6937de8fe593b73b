import Composition
import Domain
import Presentation

extension RPCMethod {
    /// `receipt.review` and `receipt.apply`: the receipt view model over the text sent.
    @MainActor
    static func receipt(_ method: String, _ params: Params, _ container: AppContainer) async throws -> any Encodable & Sendable {
        let receipt = container.receipt()
        let request = ReceiptRequest(text: try params.text("text"), cart: try params.optionalText("cart"), store: try params.optionalText("store"),
                                     date: try params.optionalText("date"))
        try check(await receipt.review(request), receipt)
        guard method == "receipt.apply" else { return receipt.document }
        for (row, decision) in try await decisions(params, receipt, container) {
            try check(receipt.decide(row: row, decision), receipt)
        }
        try check(await receipt.apply(acceptDifference: try params.flag("acceptDifference"), dryRun: try params.flag("dryRun")), receipt)
        return receipt.document
    }

    /// `decisions`: `[{"line": 3, "decision": "item", "item": "Milk"}, {"line": 4, "decision":
    /// "newItem", "category": "Produce", "name": "Grapes"}, {"line": 5, "decision": "impulse"}, {"line": 6, "decision": "skip"}]`.
    /// An item is a candidate's id, else any vault item's name or id; a category a name or id.
    @MainActor
    private static func decisions(_ params: Params, _ receipt: ReceiptViewModel, _ container: AppContainer) async throws -> [(Int, ReceiptDecision)] {
        var decided: [(Int, ReceiptDecision)] = []
        var seen: Set<Int> = []
        for fields in try params.objects("decisions") {
            guard case .integer(let line)? = fields["line"], let row = Int(exactly: line),
                  case .string(let kind)? = fields["decision"] else {
                throw invalid("each decision is {\"line\": a number, \"decision\": item, newItem, impulse or skip}")
            }
            // Two decisions for one line are a mistake of the caller's, not a choice to guess.
            guard seen.insert(row).inserted else { throw invalid("line \(row) is decided twice") }
            let text = { (name: String) -> String? in if case .string(let value)? = fields[name] { value } else { nil } }
            switch kind {
            case "impulse": decided.append((row, .impulse))
            case "skip": decided.append((row, .skip))
            case "item":
                guard let reference = text("item") else { throw invalid("decision item on line \(row) needs item") }
                let candidates = receipt.document?.lines.flatMap(\.candidates) ?? []
                if let candidate = candidates.first(where: { $0.item == reference }) {
                    decided.append((row, .item(ItemID(candidate.item))))
                } else {
                    decided.append((row, .item(try await container.useCases.showItem(reference).item.id)))
                }
            case "newItem":
                guard let name = text("category") else { throw invalid("decision newItem on line \(row) needs category") }
                guard let category = receipt.categoryID(named: name) else { throw RPCFailure(DomainError.notFound(kind: "category", name: name, suggestion: nil)) }
                decided.append((row, .newItem(category: category, name: text("name"))))
            default: throw invalid("decision is item, newItem, impulse or skip, not \(Echo.quoted(kind))")
            }
        }
        return decided
    }

    private static func invalid(_ message: String) -> RPCFailure { RPCFailure(code: .invalidParams, message: message) }
}
