// The report's charts (App/Report/SVGChart.swift) draw whatever amounts they are given:
// drawing cannot fail, so no figure may make a coordinate trap.

@testable import Report
import Testing

@Suite struct SVGChartTests {
    /// A negative total far below the largest (only a damaged or hostile history holds one) drew
    /// a bar whose length no `Int` holds, and trapped.
    @Test func aTotalFarBelowZeroIsDrawnWithoutTrapping() {
        let chart = SVGChart.columns([ChartBar(label: "2026-01", value: -Int64.max, text: "-92233720368547758.07"),
            ChartBar(label: "2026-02", value: 1, text: "0.01")],
                                     title: "Spending")
        #expect(chart.contains("<rect x=\"71.0\" y=\"410.0\" width=\"238.0\" height=\"0.0\""))
        #expect(chart.hasSuffix("</svg>"))
    }

    @Test(arguments: [(Double.nan, "0.0"), (.infinity, "1000000000.0"), (-.infinity, "-1000000000.0"), (1e300, "1000000000.0"),
        (-12.34, "-12.3"), (2.25, "2.3")])
    func aCoordinateIsOneDecimalAndNeverTraps(value: Double, text: String) {
        #expect(SVGChart.format(value) == text)
    }

    /// Each chart exactly as the code before its values were named drew it (compared with that
    /// code's output): the report's page must not change by a byte.
    @Test func theChartsDrawAsTheyAlwaysHave() {
        #expect(SVGChart.bars([ChartBar(label: "Aldi", value: 1234, text: "12.34"), ChartBar(label: "Lidl", value: 617, text: "6.17")],
            title: "By store")
                == ##"<svg xmlns="http://www.w3.org/2000/svg" width="720" height="68" viewBox="0 0 720 68" role="img"><title>By "##
                    + ##"store</title><text x="172.0" y="26.0" font-size="12" text-anchor="end" fill="#222">Aldi</text><rect x="180.0" "##
                    + ##"y="14.0" width="450.0" height="16.0" fill="#2f6f9f"/><text x="636.0" y="26.0" font-size="11" "##
                    + ##"text-anchor="start" fill="#222">12.34</text><text x="172.0" y="50.0" font-size="12" text-anchor="end" "##
                    + ##"fill="#222">Lidl</text><rect x="180.0" y="38.0" width="225.0" height="16.0" fill="#d9822b"/><text x="411.0" "##
                    + ##"y="50.0" font-size="11" text-anchor="start" fill="#222">6.17</text></svg>"##)
        #expect(SVGChart.budgetBars([BudgetBar(label: "03-02", budget: 500, actual: 656),
            BudgetBar(label: "03-09", budget: nil, actual: 300)], title: "Budget")
                == ##"<svg xmlns="http://www.w3.org/2000/svg" width="720" height="260" viewBox="0 0 720 260" "##
                    + ##"role="img"><title>Budget</title><rect x="54.0" y="67.6" width="136.0" height="152.4" fill="#c9d8e6"/><rect "##
                    + ##"x="190.0" y="20.0" width="136.0" height="200.0" fill="#b5485b"/><text x="190.0" y="236.0" font-size="9" "##
                    + ##"text-anchor="middle" fill="#222">03-02</text><rect x="530.0" y="128.5" width="136.0" height="91.5" "##
                    + ##"fill="#2f6f9f"/><text x="530.0" y="236.0" font-size="9" text-anchor="middle" fill="#222">03-09</text><text "##
                    + ##"x="20.0" y="254.0" font-size="11" text-anchor="start" fill="#222">light: budget, dark: spent, red: over "##
                    + ##"budget</text><line x1="20" y1="220" x2="700" y2="220" stroke="#999"/></svg>"##)
        let milk = ChartSeries(label: "Milk", points: [.init(day: 20_000, price: 109), .init(day: 20_010, price: 119)])
        #expect(SVGChart.lines([milk], title: "Prices", yLabel: { "\($0)" })
            == ##"<svg xmlns="http://www.w3.org/2000/svg" width="720" height="280" viewBox="0 0 720 280" "##
            + ##"role="img"><title>Prices</title><line x1="56" y1="250" x2="560" y2="250" stroke="#999"/><line x1="56" y1="20" x2="56" "##
            + ##"y2="250" stroke="#999"/><text x="50.0" y="24.0" font-size="10" text-anchor="end" fill="#222">119</text><text x="50.0" "##
            + ##"y="250.0" font-size="10" text-anchor="end" fill="#222">0</text><text x="56.0" y="266.0" font-size="10" "##
            + ##"text-anchor="start" fill="#222">2024-10-04</text><text x="560.0" y="266.0" font-size="10" text-anchor="end" "##
            + ##"fill="#222">2024-10-14</text><polyline fill="none" stroke="#2f6f9f" stroke-width="2" points="56.0,39.3 560.0,"##
            + ##"20.0"/><circle cx="56.0" cy="39.3" r="2.5" fill="#2f6f9f"/><circle cx="560.0" cy="20.0" r="2.5" fill="#2f6f9f"/><rect "##
            + ##"x="576.0" y="20.0" width="12.0" height="12.0" fill="#2f6f9f"/><text x="594.0" y="30.0" font-size="12" "##
            + ##"text-anchor="start" fill="#222">Milk</text></svg>"##)
    }
}
