import Domain

// The charts of `grock report`'s HTML page (ReportPage.swift), drawn as SVG text.

/// Small SVG charts for the HTML report: plain shapes and text, no scripts, no fonts to load.
enum SVGChart {
    static let palette = ["#2f6f9f", "#d9822b", "#4a9a5b", "#b5485b", "#7a5ea8", "#8c8c8c"]

    // MARK: - Layout, in pixels

    /// Between the chart's left and right edges and its plot (columns, budget bars).
    private static let sideMargin = 20
    /// Below the plot of a column or budget chart: room for the labels under it.
    private static let axisRoom = 40
    /// From the axis down to a label's baseline under it.
    private static let labelDrop = 16.0
    /// From a column's top up to its amount's baseline.
    private static let amountLift = 4.0
    /// Up to this many columns, each has its amount and label; past it, about 12 labels.
    private static let labelledColumns = 24
    /// Up to this many trips, each pair of bars has its label.
    private static let labelledTrips = 16
    /// A bar chart's row, the bar 8 pixels thinner, and the labels' column before the bars.
    private static let rowHeight = 24, labelWidth = 180
    /// Right of the longest bar: room for its amount.
    private static let amountRoom = 90
    /// The legend's swatches right of a line chart's plot: their size and the row they start.
    private static let swatch = 12.0, legendRow = 20.0

    /// Vertical bars, one per label (months), with the amount over each bar.
    static func columns(_ values: [ChartBar], title: String, width: Int = 720, height: Int = 260) -> String {
        let maximum = max(values.map(\.value).max() ?? 1, 1)
        let plotTop = 30, plotBottom = height - axisRoom
        let slot = Double(width - 2 * sideMargin) / Double(max(values.count, 1))
        var shapes = ""
        for (index, entry) in values.enumerated() {
            let barHeight = Int(share(entry.value, of: maximum) * Double(plotBottom - plotTop))
            let x = Double(sideMargin) + Double(index) * slot
            // A column fills the middle 70% of its slot.
            shapes += rect(x: x + slot * 0.15, y: Double(plotBottom - barHeight), width: slot * 0.7, height: Double(barHeight),
                           color: palette[0])
            if values.count <= labelledColumns {
                shapes += text(entry.text, x: x + slot / 2, y: Double(plotBottom - barHeight) - amountLift, size: 10, anchor: "middle")
            }
            if values.count <= labelledColumns || index % max(values.count / 12, 1) == 0 {
                shapes += text(entry.label, x: x + slot / 2, y: Double(plotBottom) + labelDrop, size: 10, anchor: "middle")
            }
        }
        return svg(width: width, height: height, title: title, body: shapes + axis(at: plotBottom, width: width))
    }

    /// Horizontal bars, one per label (stores, categories), largest first.
    static func bars(_ values: [ChartBar], title: String, width: Int = 720) -> String {
        // 10 pixels above the first row and below the last.
        let height = 20 + rowHeight * max(values.count, 1)
        let maximum = max(values.map(\.value).max() ?? 1, 1)
        var shapes = ""
        for (index, entry) in values.enumerated() {
            let y = 10 + index * rowHeight
            let length = Double(entry.value) / Double(maximum) * Double(width - labelWidth - amountRoom)
            // Label and amount on the row's baseline, 8 pixels clear of the bar; the bar 4 pixels in from the row's top and bottom.
            let baseline = Double(y + 16)
            shapes += text(entry.label, x: Double(labelWidth - 8), y: baseline, size: 12, anchor: "end")
            shapes += rect(x: Double(labelWidth), y: Double(y + 4), width: length, height: Double(rowHeight - 8),
                           color: palette[index % palette.count])
            shapes += text(entry.text, x: Double(labelWidth) + length + 6, y: baseline, size: 11, anchor: "start")
        }
        return svg(width: width, height: height, title: title, body: shapes)
    }

    /// Pairs of bars per trip: budget (light) and actual (dark, red when over).
    static func budgetBars(_ trips: [BudgetBar], title: String, width: Int = 720, height: Int = 260) -> String {
        let maximum = max(trips.map { max($0.budget ?? 0, $0.actual) }.max() ?? 1, 1)
        let plotTop = 20, plotBottom = height - axisRoom
        let slot = Double(width - 2 * sideMargin) / Double(max(trips.count, 1))
        var shapes = ""
        func barHeight(_ value: Int64) -> Double { Double(value) / Double(maximum) * Double(plotBottom - plotTop) }
        for (index, trip) in trips.enumerated() {
            let x = Double(sideMargin) + Double(index) * slot
            // The budget from a tenth into the slot to its middle, what was spent from there to nine tenths.
            if let budget = trip.budget {
                shapes += rect(x: x + slot * 0.1, y: Double(plotBottom) - barHeight(budget), width: slot * 0.4, height: barHeight(budget),
                               color: "#c9d8e6")
            }
            let over = trip.budget.map { trip.actual > $0 } ?? false
            shapes += rect(x: x + slot * 0.5, y: Double(plotBottom) - barHeight(trip.actual), width: slot * 0.4,
                           height: barHeight(trip.actual), color: over ? "#b5485b" : palette[0])
            if trips.count <= labelledTrips {
                shapes += text(trip.label, x: x + slot / 2, y: Double(plotBottom) + labelDrop, size: 9, anchor: "middle")
            }
        }
        shapes += text("light: budget, dark: spent, red: over budget", x: Double(sideMargin), y: Double(height - 6), size: 11,
                       anchor: "start")
        return svg(width: width, height: height, title: title, body: shapes + axis(at: plotBottom, width: width))
    }

    /// One line per series over time (days since 1970 on x), prices on y.
    static func lines(_ series: [ChartSeries], title: String, yLabel: (Int64) -> String, width: Int = 720, height: Int = 280) -> String {
        let all = series.flatMap(\.points)
        guard let minX = all.map(\.day).min(), let maxX = all.map(\.day).max(), let maxY = all.map(\.price).max() else {
            return svg(width: width, height: 40, title: title, body: text("No prices yet.", x: 20, y: 24, size: 12, anchor: "start"))
        }
        // Room for the prices left of the plot, for the legend right of it, for the days under it.
        let plotLeft = 56.0, plotRight = Double(width - 160), plotTop = 20.0, plotBottom = Double(height - 30)
        func px(_ x: Int) -> Double {
            maxX == minX ? (plotLeft + plotRight) / 2 : plotLeft + Double(x - minX) / Double(maxX - minX) * (plotRight - plotLeft)
        }
        func py(_ y: Int64) -> Double { plotBottom - Double(y) / Double(max(maxY, 1)) * (plotBottom - plotTop) }
        var shapes = line(x1: Int(plotLeft), y1: Int(plotBottom), x2: Int(plotRight), y2: Int(plotBottom))
            + line(x1: Int(plotLeft), y1: Int(plotTop), x2: Int(plotLeft), y2: Int(plotBottom))
            + text(yLabel(maxY), x: plotLeft - 6, y: plotTop + 4, size: 10, anchor: "end")
            + text(yLabel(0), x: plotLeft - 6, y: plotBottom, size: 10, anchor: "end")
            + text(Day(daysSince1970: minX).description, x: plotLeft, y: plotBottom + labelDrop, size: 10, anchor: "start")
            + text(Day(daysSince1970: maxX).description, x: plotRight, y: plotBottom + labelDrop, size: 10, anchor: "end")
        for (index, entry) in series.enumerated() {
            let color = palette[index % palette.count]
            let coordinates = entry.points.map { "\(format(px($0.day))),\(format(py($0.price)))" }.joined(separator: " ")
            shapes += "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\" points=\"\(coordinates)\"/>"
            for point in entry.points {
                shapes += "<circle cx=\"\(format(px(point.day)))\" cy=\"\(format(py(point.price)))\" r=\"2.5\" fill=\"\(color)\"/>"
            }
            let row = plotTop + Double(index) * legendRow
            shapes += rect(x: plotRight + 16, y: row, width: swatch, height: swatch, color: color)
            shapes += text(entry.label, x: plotRight + 34, y: row + 10, size: 12, anchor: "start")
        }
        return svg(width: width, height: height, title: title, body: shapes)
    }

    private static func svg(width: Int, height: Int, title: String, body: String) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" role=\"img\">"
            + "<title>\(HTML.escape(title))</title>\(body)</svg>"
    }

    private static func rect(x: Double, y: Double, width: Double, height: Double, color: String) -> String {
        "<rect x=\"\(format(x))\" y=\"\(format(y))\" width=\"\(format(max(width, 0)))\" height=\"\(format(max(height, 0)))\" "
            + "fill=\"\(color)\"/>"
    }

    private static func text(_ content: String, x: Double, y: Double, size: Int, anchor: String) -> String {
        "<text x=\"\(format(x))\" y=\"\(format(y))\" font-size=\"\(size)\" text-anchor=\"\(anchor)\" "
            + "fill=\"#222\">\(HTML.escape(content))</text>"
    }

    /// The horizontal axis under a column or budget chart's plot, `sideMargin` in from each edge.
    private static func axis(at y: Int, width: Int) -> String { line(x1: sideMargin, y1: y, x2: width - sideMargin, y2: y) }

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
