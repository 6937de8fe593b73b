/// What one unit of a receipt line holds, read from its name: `Kaffee Bellarom 500g`,
/// `Kartoffeln 2,5kg`, `Milch 1L`, `Wasser 6x1,5L` (9 l), `Eier 10 Stk`, `Toilettenpapier 8 Rollen`,
/// `6er Pack`, `Oeufs X12`. The last size in the name counts; a percentage (`1,5%`) is no size.
enum ReceiptPackSize {
    /// Words for a count of pieces, in the languages Grock's receipts come in.
    private static let counts: Set<String> = ["stk", "stück", "st", "er", "pcs", "pc", "ct", "rollen", "rolle", "beutel", "eier", "tabs",
                                              "pk", "pack", "x"]

    /// A unit word and what one of it is in a `MeasureUnit`, as a factor to multiply the number by
    /// (`cl`: 10 ml) and the unit.
    private static let units: [String: (factor: Int64, unit: MeasureUnit)] = [
        "g": (1, .g), "gr": (1, .g), "kg": (1, .kg), "l": (1, .l), "lt": (1, .l), "ltr": (1, .l), "ml": (1, .ml), "cl": (10, .ml),
        "lb": (1, .lb), "lbs": (1, .lb), "oz": (1, .oz),
    ]

    static func read(from name: String) -> PackSize? { scan(name).size }

    /// Whether the name prints a size of nothing (`Kaffee 0g`, `0 Stk`): OCR lost a digit, so
    /// the name says less about what it is than its words suggest.
    static func hasEmptySize(_ name: String) -> Bool { scan(name).empty }

    /// The longest text after an `x` that the size it counts is read from (`6x1,5L`: the size
    /// follows at once).
    private static let countedSizeLength = 24

    /// - Parameter counted: true when `name` is what follows a count's `x`: read for its size,
    ///   and no further `x` opens another (a line of `1x1x1x...` would otherwise scan its rest
    ///   again at every `x`, exponentially: a hostile receipt hung the review).
    private static func scan(_ name: String, counted: Bool = false) -> (size: PackSize?, empty: Bool) {
        // Numbers with a decimal comma or point, each with the word right after it.
        let characters = Array(name.lowercased())
        var found: PackSize?
        var empty = false
        var index = 0
        while index < characters.count {
            // `X12` (French: a box of twelve): a count written after its `x`, the word's end after it.
            let countAfterX = index >= 1 && characters[index - 1] == "x"
                && (index == 1 || !(characters[index - 2].isLetter || characters[index - 2].isASCIIDigit))
            guard characters[index].isASCIIDigit,
                  index == 0 || countAfterX || !(characters[index - 1].isLetter || characters[index - 1].isASCIIDigit) else {
                index += 1
                continue
            }
            if countAfterX {
                var end = index
                while end < characters.count, characters[end].isASCIIDigit { end += 1 }
                if end == characters.count || characters[end] == " ", let count = Int(String(characters[index..<end])), count > 1,
                   count <= 1000 {
                    found = PackSize(Quantity(count), .each)
                }
                index = end
                continue
            }
            var end = index
            while end < characters.count,
                  characters[end].isASCIIDigit
                    || ((characters[end] == "," || characters[end] == ".")
                        && end + 1 < characters.count && characters[end + 1].isASCIIDigit) {
                end += 1
            }
            let number = String(characters[index..<end]).replacing(",", with: ".")
            var word = end
            while word < characters.count, characters[word] == " " { word += 1 }
            var wordEnd = word
            while wordEnd < characters.count, characters[wordEnd].isLetter { wordEnd += 1 }
            let unit = String(characters[word..<wordEnd])
            index = max(wordEnd, end)
            // A number no quantity holds (too many decimals, too large) is no pack size: the
            // name is read on, and only a zero size is worth remembering.
            guard let quantity = try? Quantity(parsing: number) else {
                if number.allSatisfy({ $0 == "0" || $0 == "." }), units[unit] != nil || (counts.contains(unit) && unit != "x") {
                    empty = true
                }
                // `0x1,5L`: the size a count of none counts is no size of its own (read from
                // its digits after the comma, it was 5 l).
                if unit == "x" { index = skipNumberAndWord(characters, from: index) }
                continue
            }
            if unit == "x" || (unit.isEmpty && word < characters.count && characters[word] == "×") {
                guard !counted else { continue }
                // `6x1,5L`: a count of the size that follows.
                let start = wordEnd == word ? word + 1 : wordEnd
                let inner = scan(String(characters[start..<min(characters.count, start + countedSizeLength)]), counted: true)
                if let size = inner.size, let total = quantity.times(size.quantity) {
                    return (PackSize(total, size.unit), empty || inner.empty)
                }
                empty = empty || inner.empty
                continue
            }
            if let (factor, measure) = units[unit], let size = quantity.times(Quantity(Int(factor))) {
                found = PackSize(size, measure)
            } else if counts.contains(unit), quantity.thousandths % 1000 == 0, quantity > .one {
                found = PackSize(quantity, .each)
            }
        }
        return (found, empty)
    }

    /// Where the spaces from `start`, a number after them (with a decimal comma or point), the
    /// spaces after it and the word after those end.
    private static func skipNumberAndWord(_ characters: [Character], from start: Int) -> Int {
        var end = start
        while end < characters.count, characters[end] == " " { end += 1 }
        while end < characters.count, characters[end].isASCIIDigit || characters[end] == "," || characters[end] == "." { end += 1 }
        while end < characters.count, characters[end] == " " { end += 1 }
        while end < characters.count, characters[end].isLetter { end += 1 }
        return end
    }
}
