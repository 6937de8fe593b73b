// The report's charts (App/Report/SVGChart.swift) draw whatever amounts they are given:
// drawing cannot fail, so no figure may make a coordinate trap.

@testable import Report
import Testing

@Suite struct SVGChartTests {
    /// A negative total far below the largest (only a damaged or hostile history holds one) drew
    /// a bar whose length no `Int` holds, and trapped.
    @Test func aTotalFarBelowZeroIsDrawnWithoutTrapping() {
        let chart = SVGChart.columns([ChartBar(label: "2026-01", value: -Int64.max, text: "-92233720368547758.07"), ChartBar(label: "2026-02", value: 1, text: "0.01")],
                                     title: "Spending")
        #expect(chart.contains("<rect x=\"71.0\" y=\"410.0\" width=\"238.0\" height=\"0.0\""))
        #expect(chart.hasSuffix("</svg>"))
    }

    @Test(arguments: [(Double.nan, "0.0"), (.infinity, "1000000000.0"), (-.infinity, "-1000000000.0"), (1e300, "1000000000.0"), (-12.34, "-12.3"), (2.25, "2.3")])
    func aCoordinateIsOneDecimalAndNeverTraps(value: Double, text: String) {
        #expect(SVGChart.format(value) == text)
    }
}
