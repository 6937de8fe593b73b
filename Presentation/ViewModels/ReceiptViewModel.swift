import Domain
import Observation

/// A receipt read, matched and decided line by line, then logged as one change: on the cart
/// being shopped, or as a completed trip of its own.
@MainActor @Observable
public final class ReceiptViewModel: ErrorState {
    /// The receipt as read and matched; nil before `review`. Fronts read `document`.
    private var review: ReceiptReview?
    /// The decisions taken so far, by row; a row not here takes its suggestion.
    public private(set) var decisions: [Int: ReceiptDecision] = [:]
    /// What `apply` logged (or on a dry run would log); nil before. Fronts read `document.outcome`.
    private var outcome: ReceiptOutcome?
    /// What the last intent left besides its Bool result: its error, or its warnings and cautions
    /// though it succeeded (`IntentOutcome`).
    public internal(set) var lastIntent = LastIntent()
    /// The vault's category names by id: what a decision's new item goes in, named.
    public var categoryNames: [CategoryID: String] {
        Dictionary(categories.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
    }
    /// The vault's categories, in order: what a new item can go in (`categoryID(named:)`).
    private var categories: [Category] { review?.categories ?? [] }

    private let useCases: UseCases
    private var request: ReceiptRequest?

    /// A receipt screen with nothing reviewed yet; fronts get one from `AppContainer.receipt()`.
    public init(useCases: UseCases) { self.useCases = useCases }

    /// Reads and matches a receipt; every decision starts as its row's suggestion.
    @discardableResult
    public func review(_ request: ReceiptRequest) async -> Bool {
        await perform {
            let review = try await useCases.reviewReceipt(request)
            self.request = request
            self.review = review
            decisions = review.suggestedDecisions
            outcome = nil
        }
    }

    /// Reads and matches the text of a receipt.
    @discardableResult
    public func review(text: String, cart: String? = nil, store: String? = nil, date: String? = nil) async -> Bool {
        await review(ReceiptRequest(text: text, cart: cart, store: store, date: date))
    }

    /// Decides what a row is.
    /// - Returns: false (with `errorMessage`) for a row the receipt does not have.
    @discardableResult
    public func decide(row: Int, _ decision: ReceiptDecision) -> Bool {
        lastIntent = LastIntent()
        guard let review, row >= 1, row <= review.rows.count else {
            let error = ReceiptRefusal.noSuchRow(row, count: review?.rows.count ?? 0)
            lastIntent.fail(error)
            return false
        }
        decisions[row] = decision
        return true
    }

    /// The category a person names, by name (any case and accents) or id: what a `newItem`
    /// decision takes.
    public func categoryID(named name: String) -> CategoryID? {
        let key = Name.key(name)
        return categories.first { Name.key($0.name) == key || $0.id.rawValue == name }?.id
    }

    /// Logs the receipt as decided, as one change (or, on a dry run, says what it would log).
    /// - Parameter acceptDifference: log it though the lines do not come to its stated total.
    @discardableResult
    public func apply(acceptDifference: Bool = false, dryRun: Bool = false) async -> Bool {
        await perform {
            guard let request else { throw NothingReviewed() }
            let outcome = try await useCases.applyReceipt(request, decisions: decisions, acceptDifference: acceptDifference, dryRun: dryRun)
            self.outcome = outcome
            lastIntent.cautions = outcome.cautions.map(Caution.receipt)
        }
    }

    /// `apply` before any `review`: a front's mistake, refused rather than guessed at.
    private struct NothingReviewed: ClassifiedError, CustomStringConvertible {
        var kind: ErrorKind { .refused }
        var description: String { "no receipt has been reviewed yet" }
    }

    /// The review, the decisions and any outcome as data; nil before a review.
    public var document: ReceiptDocument? {
        guard let review else { return nil }
        return ReceiptDocument(review: review, decisions: decisions, categories: categoryNames, outcome: outcome)
    }
}
