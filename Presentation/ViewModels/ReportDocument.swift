import Domain

/// The spending report as data: the insights, and the prices over time of the items spent
/// most on.
public struct ReportDocument: Encodable, Sendable, Hashable {
    /// An item's prices per kg, l or each, oldest first.
    public struct PriceSeries: Encodable, Sendable, Hashable {
        public struct Point: Encodable, Sendable, Hashable {
            public let date: String
            public let price: String
        }

        public let item: String
        public let prices: [Point]
    }

    public let insights: InsightsDocument
    public let topItems: [PriceSeries]
}

extension ReportViewModel {
    /// The report as data, once loaded.
    public var document: ReportDocument? {
        report.map { report in
            ReportDocument(insights: InsightsDocument(report), topItems: topItems.map { item in
                ReportDocument.PriceSeries(item: item.name, prices: item.points.map {
                    ReportDocument.PriceSeries.Point(date: Day(daysSince1970: $0.x).description,
                                                     price: Money(minorUnits: $0.y, currency: report.currency).amountText)
                })
            })
        }
    }
}
