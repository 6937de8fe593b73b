@testable import Domain
import Testing

/// Packs and prices as a damaged or forged file can hold them (any quantity an Int64 of
/// thousandths holds, any amount): every comparison, conversion and sum over them answers or
/// refuses, and none traps. A forged price per a pack of 9,223,372,036,854,775.807 oz made every
/// comparison of an item's prices overflow on every device of a household (twelfth review).
@Suite struct ExtremePackTests {
    static let contents: [Int64] = [1, 7, 1_000, 250_000, 100_000_000, 9_223_372_036_854, Int64.max]
    static let amounts: [Int64] = [Int64.min, -1, 0, 1, 229, 99_999_999_999, Int64.max]

    /// Every basis: each unit, a pack of unknown contents, and packs of each unit holding each of `contents`.
    static let bases: [PriceUnit] = MeasureUnit.allCases.map { PriceUnit($0) } + MeasureUnit.allCases.flatMap { unit in
        contents.compactMap { PackSize(Quantity(thousandths: $0), unit).map { PriceUnit(pack: $0) } }
    }

    @Test func noPackTrapsAComparisonOrAConversion() throws {
        let euro = Currency.euro
        for basis in Self.bases {
            for other in Self.bases {
                _ = basis.converts(to: other)
                for amount in [Int64.max, 229, 0] {
                    let price = UnitPrice(Money(minorUnits: amount, currency: euro), per: basis)
                    _ = try? price.normalised()
                    _ = try? price.price.per(basis, convertedTo: other)
                    for otherAmount in [Int64.max, 1, 0] {
                        let second = UnitPrice(Money(minorUnits: otherAmount, currency: euro), per: other)
                        _ = price.isCheaper(than: second)
                        _ = PriceCheck.isJump(from: price, to: second)
                    }
                }
                for quantity in [Int64.max, 1_000, 1] {
                    _ = Quantity(thousandths: quantity).converted(from: basis, to: other)
                    _ = Quantity(thousandths: quantity).nearestConversion(from: basis, to: other)
                    _ = try? Money(minorUnits: Int64.max, currency: euro).cost(of: Quantity(thousandths: quantity), in: basis, per: other)
                }
            }
        }
    }

    @Test func noPackTrapsAChangeOfPriceOrAReceiptsPercent() {
        let euro = Currency.euro
        func line(_ amount: Int64, _ basis: PriceUnit) -> PurchasedLine {
            PurchasedLine(trip: 1, itemID: nil, item: "Milk", category: nil, store: nil, unit: basis.unit, basis: basis, quantity: .one,
                          price: Money(minorUnits: amount, currency: euro), cost: Money(minorUnits: amount, currency: euro))
        }
        for basis in Self.bases {
            for other in Self.bases {
                for first in Self.amounts {
                    for last in [Int64.max, 1, -1] {
                        _ = SpendingInsights.priceChanges([PriceSpan(first: line(first, basis), last: line(last, other), purchases: 2)])
                        let paid = ReceiptLinePrice(quantity: .one, unit: other.unit, basis: other,
                            price: Money(minorUnits: last, currency: euro))
                        _ = ReceiptReviewer.percent(paid, against: UnitPrice(Money(minorUnits: first, currency: euro), per: basis))
                    }
                }
            }
        }
    }

    /// The reviewer's pair: Milk at one store per a pack of 9,223,372,036,854,775.807 oz and at
    /// another per a pack of 16 oz compare as nothing (not comparable), not as a trap; two
    /// packs a person could type still compare exactly.
    @Test func theReviewersPairComparesAsNothing() throws {
        let euro = Currency.euro
        let huge = try #require(PackSize(Quantity(thousandths: Int64.max), .oz)), pound = try #require(PackSize(Quantity(16), .oz))
        let hugePrice = UnitPrice(Money(minorUnits: 99, currency: euro), per: PriceUnit(pack: huge))
        #expect(hugePrice.isCheaper(than: UnitPrice(Money(minorUnits: 99, currency: euro), per: PriceUnit(pack: pound))) == nil)
        #expect(!PriceUnit(pack: huge).isTypable && PriceUnit(pack: pound).isTypable)
        let small = try #require(PackSize(Quantity(250), .g)), large = try #require(PackSize(Quantity(500), .g))
        let cheaper = UnitPrice(Money(minorUnits: 429, currency: euro), per: PriceUnit(pack: large))
        #expect(cheaper.isCheaper(than: UnitPrice(Money(minorUnits: 229, currency: euro), per: PriceUnit(pack: small))) == true)
        #expect(PackSize(Quantity(thousandths: 0), .g) == nil && PackSize(Quantity(thousandths: -1), .g) == nil)
    }
}
