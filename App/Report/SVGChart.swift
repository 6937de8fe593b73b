import Domain

// The charts of `grock report`'s HTML page (ReportPage.swift), drawn as SVG text.

/// Small SVG charts for the HTML report: plain shapes and text, no scripts, no fonts to load.
enum SVGChart {
    static let palette = ["#2f6f9f", "#d9822b", "#4a9a5b", "#b5485b", "#7a5ea8", "#8c8c8c"]

    /// Vertical bars, one per label (months), with the amount over each bar.
    static func columns(_ values: [(label: String, value: Int64, text: String)], title: String, width: Int = 720, height: Int = 260) -> String {
        let maximum = max(values.map(\.value).max() ?? 1, 1)
        let plotTop = 30, plotBottom = height - 40
        let slot = Double(width - 40) / Double(max(values.count, 1))
        var shapes = ""
        for (index, entry) in values.enumerated() {
            let barHeight = Int(share(entry.value, of: maximum) * Double(plotBottom - plotTop))
            let x = 20 + Double(index) * slot
            shapes += rect(x: x + slot * 0.15, y: Double(plotBottom - barHeight), width: slot * 0.7, height: Double(barHeight), color: palette[0])
            if values.count <= 24 {
                shapes += text(entry.text, x: x + slot / 2, y: Double(plotBottom - barHeight - 4), size: 10, anchor: "middle")
            }
            if values.count <= 24 || index % max(values.count / 12, 1) == 0 {
                shapes += text(entry.label, x: x + slot / 2, y: Double(plotBottom + 16), size: 10, anchor: "middle")
            }
        }
        return svg(width: width, height: height, title: title, body: shapes + line(x1: 20, y1: plotBottom, x2: width - 20, y2: plotBottom))
    }

    /// Horizontal bars, one per label (stores, categories), largest first.
    static func bars(_ values: [(label: String, value: Int64, text: String)], title: String, width: Int = 720) -> String {
        let rowHeight = 24, labelWidth = 180
        let height = 20 + rowHeight * max(values.count, 1)
        let maximum = max(values.map(\.value).max() ?? 1, 1)
        var shapes = ""
        for (index, entry) in values.enumerated() {
            let y = 10 + index * rowHeight
            let length = Double(entry.value) / Double(maximum) * Double(width - labelWidth - 90)
            shapes += text(entry.label, x: Double(labelWidth - 8), y: Double(y + 16), size: 12, anchor: "end")
            shapes += rect(x: Double(labelWidth), y: Double(y + 4), width: length, height: Double(rowHeight - 8), color: palette[index % palette.count])
            shapes += text(entry.text, x: Double(labelWidth) + length + 6, y: Double(y + 16), size: 11, anchor: "start")
        }
        return svg(width: width, height: height, title: title, body: shapes)
    }

    /// Pairs of bars per trip: budget (light) and actual (dark, red when over).
    static func budgetBars(_ trips: [(label: String, budget: Int64?, actual: Int64)], title: String, width: Int = 720, height: Int = 260) -> String {
        let maximum = max(trips.map { max($0.budget ?? 0, $0.actual) }.max() ?? 1, 1)
        let plotTop = 20, plotBottom = height - 40
        let slot = Double(width - 40) / Double(max(trips.count, 1))
        var shapes = ""
        func barHeight(_ value: Int64) -> Double { Double(value) / Double(maximum) * Double(plotBottom - plotTop) }
        for (index, trip) in trips.enumerated() {
            let x = 20 + Double(index) * slot
            if let budget = trip.budget {
                shapes += rect(x: x + slot * 0.1, y: Double(plotBottom) - barHeight(budget), width: slot * 0.4, height: barHeight(budget), color: "#c9d8e6")
            }
            let over = trip.budget.map { trip.actual > $0 } ?? false
            shapes += rect(x: x + slot * 0.5, y: Double(plotBottom) - barHeight(trip.actual), width: slot * 0.4, height: barHeight(trip.actual),
                           color: over ? "#b5485b" : palette[0])
            if trips.count <= 16 { shapes += text(trip.label, x: x + slot / 2, y: Double(plotBottom + 16), size: 9, anchor: "middle") }
        }
        shapes += text("light: budget, dark: spent, red: over budget", x: 20, y: Double(height - 6), size: 11, anchor: "start")
        return svg(width: width, height: height, title: title, body: shapes + line(x1: 20, y1: plotBottom, x2: width - 20, y2: plotBottom))
    }

    /// One line per series over time (days since 1970 on x), prices on y.
    static func lines(_ series: [(label: String, points: [(x: Int, y: Int64)])], title: String, yLabel: (Int64) -> String,
                      width: Int = 720, height: Int = 280) -> String {
        let all = series.flatMap(\.points)
        guard let minX = all.map(\.x).min(), let maxX = all.map(\.x).max(), let maxY = all.map(\.y).max() else {
            return svg(width: width, height: 40, title: title, body: text("No prices yet.", x: 20, y: 24, size: 12, anchor: "start"))
        }
        let plotLeft = 56.0, plotRight = Double(width - 160), plotTop = 20.0, plotBottom = Double(height - 30)
        func px(_ x: Int) -> Double { maxX == minX ? (plotLeft + plotRight) / 2 : plotLeft + Double(x - minX) / Double(maxX - minX) * (plotRight - plotLeft) }
        func py(_ y: Int64) -> Double { plotBottom - Double(y) / Double(max(maxY, 1)) * (plotBottom - plotTop) }
        var shapes = line(x1: Int(plotLeft), y1: Int(plotBottom), x2: Int(plotRight), y2: Int(plotBottom))
            + line(x1: Int(plotLeft), y1: Int(plotTop), x2: Int(plotLeft), y2: Int(plotBottom))
            + text(yLabel(maxY), x: plotLeft - 6, y: plotTop + 4, size: 10, anchor: "end")
            + text(yLabel(0), x: plotLeft - 6, y: plotBottom, size: 10, anchor: "end")
            + text(Day(daysSince1970: minX).description, x: plotLeft, y: plotBottom + 16, size: 10, anchor: "start")
            + text(Day(daysSince1970: maxX).description, x: plotRight, y: plotBottom + 16, size: 10, anchor: "end")
        for (index, entry) in series.enumerated() {
            let color = palette[index % palette.count]
            let coordinates = entry.points.map { "\(format(px($0.x))),\(format(py($0.y)))" }.joined(separator: " ")
            shapes += "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\" points=\"\(coordinates)\"/>"
            for point in entry.points { shapes += "<circle cx=\"\(format(px(point.x)))\" cy=\"\(format(py(point.y)))\" r=\"2.5\" fill=\"\(color)\"/>" }
            shapes += rect(x: plotRight + 16, y: plotTop + Double(index) * 20, width: 12, height: 12, color: color)
            shapes += text(entry.label, x: plotRight + 34, y: plotTop + Double(index) * 20 + 10, size: 12, anchor: "start")
        }
        return svg(width: width, height: height, title: title, body: shapes)
    }

    private static func svg(width: Int, height: Int, title: String, body: String) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" role=\"img\">"
            + "<title>\(HTML.escape(title))</title>\(body)</svg>"
    }

    private static func rect(x: Double, y: Double, width: Double, height: Double, color: String) -> String {
        "<rect x=\"\(format(x))\" y=\"\(format(y))\" width=\"\(format(max(width, 0)))\" height=\"\(format(max(height, 0)))\" fill=\"\(color)\"/>"
    }

    private static func text(_ content: String, x: Double, y: Double, size: Int, anchor: String) -> String {
        "<text x=\"\(format(x))\" y=\"\(format(y))\" font-size=\"\(size)\" text-anchor=\"\(anchor)\" fill=\"#222\">\(HTML.escape(content))</text>"
    }

    private static func line(x1: Int, y1: Int, x2: Int, y2: Int) -> String {
        "<line x1=\"\(x1)\" y1=\"\(y1)\" x2=\"\(x2)\" y2=\"\(y2)\" stroke=\"#999\"/>"
    }

    /// `value` over the chart's largest, between -1 and 1: a value below `-maximum` (a negative
    /// total; bars below zero are not drawn) counts as `-maximum` rather than as a length no `Int`
    /// holds.
    private static func share(_ value: Int64, of maximum: Int64) -> Double {
        min(max(Double(value) / Double(maximum), -1), 1)
    }

    /// A coordinate with one decimal, locale-free. Drawing cannot fail: a value past any page
    /// (or not a number) is held at ±10⁹ (0), where converting it to an `Int` would trap.
    static func format(_ value: Double) -> String {
        let bounded = value.isNaN ? 0 : min(max(value, -1e9), 1e9)
        let tenths = Int((bounded * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }
}
