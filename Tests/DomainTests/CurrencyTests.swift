@testable import Domain
import TestSupport
import Testing

/// The currencies Grock names in code are the ones its table gives.
@Suite struct CurrencyTests {
    @Test func everyCurrencyConstantIsTheTablesOwn() throws {
        let constants = [Currency.euro, ReceiptWords.pound, ReceiptWords.dollar, ReceiptWords.franc, ReceiptWords.ringgit,
                         ReceiptWords.singaporeDollar]
        for constant in constants {
            #expect(try Currency(code: constant.code) == constant)
        }
    }

    @Test func aCodeIsReadInAnyCaseAndAnUnknownOneIsRefused() throws {
        #expect(try Currency(code: " jpy ") == Currency(known: "JPY", minorDigits: 0))
        #expect(throws: DomainError.unknownCurrency("XYZ")) { try Currency(code: "XYZ") }
    }
}
