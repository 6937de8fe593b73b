// Which kind of failure each of Domain's refusals is (`ErrorKind`), for every front.

extension DomainError: ClassifiedError {
    /// The kind of this refusal.
    public var kind: ErrorKind {
        switch self {
        case .invalidAmount, .invalidQuantity, .tooLarge, .unknownUnit, .invalidPack, .invalidBasis, .inexactConversion, .unknownCurrency,
             .invalidDate, .invalidMonth, .futureDate, .pastDate, .reversedRange, .invalidName, .invalidPosition, .importRow:
            .invalidInput
        case .notFound, .ambiguous, .severalTripsOnDay, .noTripOnDay, .notOnCart, .noPriceRecorded:
            .notFound
        case .duplicateName, .alreadySetUp, .notEmpty:
            .conflict
        case .amountOverflow, .cartTotalTooLarge, .currencyMismatch, .currencyDigitsDiffer, .notAllowed, .notBought, .nothingBought,
             .repeatedItem, .priceRequired, .storeRequired, .storeUnclear, .categoryNotEmpty, .storeInUse, .nothingToUndo, .tooManyStores,
             .unitMismatch, .incompatibleUnits, .pricePaidOnTrip, .cannotCarryOver:
            .refused
        }
    }
}
