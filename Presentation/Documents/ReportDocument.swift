import Domain

/// The spending report as data: the insights, and the prices over time of the items spent
/// most on.
public struct ReportDocument: Encodable, Sendable, Hashable {
    /// An item's prices per kg, l or each, oldest first.
    public struct PriceSeries: Encodable, Sendable, Hashable {
        /// One price paid.
        public struct Point: Encodable, Sendable, Hashable {
            /// The day it was paid or seen, `YYYY-MM-DD`.
            public let date: String
            /// The price per base unit (kg, l, each), as a decimal string.
            public let price: String
        }

        /// The item's name.
        public let item: String
        /// Its prices, oldest first.
        public let prices: [Point]
    }

    /// The spending figures of every completed trip, without the inflation index.
    public let insights: InsightsDocument
    /// The items spent most on (at most five), most first, with their price history; empty
    /// without purchases.
    public let topItems: [PriceSeries]
}

extension ReportViewModel {
    /// The report as data, once loaded.
    public var document: ReportDocument? {
        report.map { report in
            ReportDocument(insights: InsightsDocument(report), topItems: topItems.map { item in
                ReportDocument.PriceSeries(item: item.name, prices: item.points.map {
                    ReportDocument.PriceSeries.Point(date: $0.day.description,
                                                     price: Money(minorUnits: $0.minorUnits, currency: report.currency).amountText)
                })
            })
        }
    }
}
