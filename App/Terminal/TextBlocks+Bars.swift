// Bars and sparklines: proportions drawn as characters.
//
// Drawing cannot fail, so proportions are worked out in 128 bits: no amount an `Int64` holds,
// typed or read from a damaged file, can make a bar or a percentage overflow.
import Domain

extension TextBlocks {
    /// A budget bar: `[#########-----------]  45%`; over budget the bar is full and ends in
    /// `!` with the percentage, visible without colour.
    static func budgetBar(spent: Money, budget: Money, style: RenderStyle, width: Int = 20) -> String {
        // Rounded half to even like every percentage Grock shows (99.6% is 100%, not 99%).
        let percent = budget.minorUnits > 0 ? Rounding.halfEvenClamped(Int128(spent.minorUnits) * 100, dividedBy: Int128(budget.minorUnits))
            : (spent.minorUnits > 0 ? 999 : 0)
        let filled = max(0, min(width, budget.minorUnits > 0 ? Int(clamping: share(spent.minorUnits, of: budget.minorUnits, in: width))
                                                              : (spent.minorUnits > 0 ? width : 0)))
        let (full, empty) = style.unicode ? ("█", "░") : ("#", "-")
        let bar = String(repeating: full, count: filled) + String(repeating: empty, count: width - filled)
        let over = spent > budget
        // Far over budget the figure is not cut (1500% is not 150~) but capped: no wider than 6.
        let shown = percent > 9999 ? ">9999%" : String(percent) + "%"
        let text = "[\(bar)]\(over ? "!" : " ") \(pad(shown, max(4, shown.count), right: true))"
        return over ? style.red(text) : percent >= 90 ? style.yellow(text) : style.green(text)
    }

    /// A progress bar for items bought: `[####------] 2/5`.
    static func progressBar(done: Int, total: Int, style: RenderStyle, width: Int = 10) -> String {
        // Clamped: a count past its total (or below zero) draws a full (or empty) bar, not a trap.
        let filled = total <= 0 ? 0 : min(max(done, 0), total) * width / total
        let (full, empty) = style.unicode ? ("█", "░") : ("#", "-")
        return "[" + String(repeating: full, count: filled) + String(repeating: empty, count: width - filled) + "] \(done)/\(total)"
    }

    /// A sparkline of values, one character each.
    static func sparkline(_ values: [Int64], style: RenderStyle) -> String {
        guard let low = values.min(), let high = values.max() else { return "" }
        let ramp: [Character] = style.unicode ? Array("▁▂▃▄▅▆▇█") : Array("_.-=+*#@")
        return String(values.map { value in
            high == low
                ? ramp[ramp.count / 2]
                : ramp[Int(share(Int128(value) - Int128(low), of: Int128(high) - Int128(low), in: ramp.count - 1))]
        })
    }

    /// A horizontal bar proportional to `value / maximum`.
    static func bar(_ value: Int64, of maximum: Int64, width: Int, style: RenderStyle) -> String {
        let filled = maximum > 0 ? min(width, Int(clamping: share(value, of: maximum, in: width))) : 0
        return String(repeating: style.unicode ? "█" : "#", count: max(value > 0 ? 1 : 0, filled))
    }

    /// `part / whole` of `scale`, rounded down, for a positive `whole`: exact for any 64-bit
    /// amounts (their product with a screen's width fits in 128 bits).
    static func share(_ part: Int64, of whole: Int64, in scale: Int) -> Int128 {
        share(Int128(part), of: Int128(whole), in: scale)
    }

    static func share(_ part: Int128, of whole: Int128, in scale: Int) -> Int128 { part * Int128(scale) / whole }
}
