// The namespace of the small text drawings, with the cells every one of them is made of;
// the drawings are in the TextBlocks+*.swift files, each named for what it draws.
import Domain

/// Small text drawings shared by the screens: bars (`TextBlocks+Bars`), tables
/// (`TextBlocks+Tables`), lines wrapped and fitted to a terminal (`TextBlocks+Wrapping`,
/// `TextBlocks+Fitting`) and commands to copy (`TextBlocks+ShellWords`).
package enum TextBlocks {
    /// Left- (or right-) aligned text in a field, cut with `~` when too long.
    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let cut = text.count > width ? String(text.prefix(max(0, width - 1))) + "~" : text
        let space = String(repeating: " ", count: max(0, width - cut.count))
        return right ? space + cut : cut + space
    }

    /// `line` without the spaces a padded last cell leaves at its end.
    static func trimTrailing(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }

    /// An amount as a cell shows it: `-` for none.
    static func money(_ money: Money?) -> String { money?.amountText ?? "-" }
}
