import Domain
import Testing
import TestSupport

/// Domain's messages are for any front: they name no command line option.
@Suite struct FrontNeutralMessagesTests {
    /// The rules' sentences name no option of one front: each front adds its own hint.
    @Test func domainMessagesNameNoCommandLineOption() {
        let errors: [DomainError] = [.notEmpty, .tooManyStores(12), .nothingToUndo, .priceRequired(item: "Milk"),
            .storeRequired(item: "Milk"),
                                     .unitMismatch(item: "Milk", unit: "kg", basis: "each", store: "Aldi"),
                                         .incompatibleUnits(item: "Milk", unit: "kg", lineUnit: "each"),
                                     .inexactConversion(quantity: "1", from: "lb", to: "kg"),
                                         .pricePaidOnTrip(item: "Milk", store: "Aldi", trip: "W"),
                                     .cannotCarryOver(to: "W", reason: "it is shopping"), .alreadySetUp(currency: "EUR")]
        for error in errors { #expect(!"\(error)".contains("--"), "\(error)") }
    }
}
