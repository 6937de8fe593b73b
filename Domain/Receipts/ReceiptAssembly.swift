/// Puts a receipt's lines together, top to bottom: a name with the price below it, a quantity
/// line with the item it belongs to, a discount with the item above it.
struct ReceiptAssembly {
    private enum Region { case header, body, footer }

    let lines: [String]
    let kinds: [ReceiptLineKind]
    let currency: Currency

    private(set) var items: [ReceiptLine] = []
    private(set) var ignored: [IgnoredReceiptLine] = []
    private(set) var unparsed: [ReceiptTextLine] = []
    private(set) var date: ReceiptDate?
    /// The total's amount and its line's number.
    private(set) var statedTotal: (amount: Int64, number: Int)?
    /// Lines that read as the total but could not be taken (`Receipt.totalUnreadable`).
    private(set) var totalUnreadable: [ReceiptTextLine] = []
    private(set) var unparsedReasons: [Int: UnparsedReceiptReason] = [:]
    private(set) var addedTax: Int64 = 0
    /// Cash rounding printed before the stated total: the total less it is what the lines cost.
    private(set) var rounding: Int64 = 0
    /// Cash rounding printed after the stated total, before a rounded total that repeats it.
    private var roundingAfterTotal: Int64 = 0

    private var region = Region.header
    /// Words without a price in the body, waiting for the price below them.
    private var pendingName: (text: String, numbers: [Int])?
    /// A quantity line that belongs to the item below it.
    private var pendingQuantity: (quantity: ReceiptQuantity, number: Int)?
    /// Lines already taken by the line above them.
    private var consumed: Set<Int> = []

    init(lines: [String], kinds: [ReceiptLineKind], currency: Currency) {
        self.lines = lines
        self.kinds = kinds
        self.currency = currency
    }

    mutating func run() throws {
        for index in kinds.indices where !consumed.contains(index) {
            try take(index)
        }
        flushPending()
    }

    /// One line, by what it reads as. A date is a date anywhere; other kinds mean something
    /// else below the total, where no grocery is sold, than above it.
    private mutating func take(_ index: Int) throws {
        switch kinds[index] {
        case .blank: return
        case .date(let found): takeDate(found, at: index)
        default:
            if region == .footer { takeBelowTotal(index) } else { try takeAboveTotal(index) }
        }
    }

    /// The receipt's first date is its date; a time on the line below completes it. A date
    /// ends any name or quantity waiting for its price: it is never part of an item.
    private mutating func takeDate(_ found: ReceiptDate, at index: Int) {
        flushPending()
        ignore(index, .date)
        guard date == nil else { return }
        date = found
        // `Datum: 23.11.2026` with `Uhrzeit: 17:31` on the next line.
        if found.minuteOfDay == nil, let next = nextIndex(after: index), case .text(let text) = kinds[next],
           let minute = ReceiptDates.time(in: text.split(separator: " ").map(String.init)) {
            date?.minuteOfDay = minute
            consumed.insert(next)
            ignore(next, .date)
        }
    }

    /// Below the total: payment, tax and the total repeated, which are accounted for, or a
    /// second total that makes the total unknown. Nothing here is an item.
    private mutating func takeBelowTotal(_ index: Int) {
        switch kinds[index] {
        case .noise(let reason): ignore(index, reason)
        case .text: ignore(index, .footer)
        // The same total again (`SUMME 5,00`, then `TOTAL 5,00`) is one total; another amount
        // makes the total unknown.
        case .total(let amount) where amount == statedTotal?.amount: ignore(index, .subtotal)
        case .rounding(let amount):
            roundingAfterTotal += amount
            ignore(index, .payment)
        // `Rounded Total`: the stated total with the rounding printed below it.
        case .total(let amount) where roundingAfterTotal != 0 && statedTotal.map({ amount == $0.amount + roundingAfterTotal }) == true:
            ignore(index, .payment)
        // `BALANCE 0.00` after the card or cash: nothing left to pay, not another total.
        case .total(0) where statedTotal != nil: ignore(index, .payment)
        case .total: unreadableTotal(index)
        case .unreadableTotal(hasFigure: true): unreadableTotal(index)
        case .unreadableTotal(hasFigure: false): ignore(index, .footer)
        case .unreadable(let reason): unparse(index, reason)
        case .addedTax: ignore(index, .vat)
        // Below the total, what was taken off is told again as a summary.
        case .discount: ignore(index, .loyalty)
        // `VISA CHARGE $23.67`: no grocery is sold below the total.
        case .item(_, _, _, let keyword?): ignore(index, keyword)
        default: unparse(index)
        }
    }

    /// Above the total: the header, then the items with their quantities and discounts. A line
    /// that is neither a name nor a price ends any name or quantity waiting for its price.
    private mutating func takeAboveTotal(_ index: Int) throws {
        switch kinds[index] {
        case .blank, .date: return
        case .noise(let reason):
            flushPending()
            ignore(index, region == .header && reason == .footer ? .header : reason)
        case .text(let text): takeText(text, at: index)
        case .total(let amount):
            flushPending()
            statedTotal = (amount, index + 1)
            region = .footer
        // A name such as `TOTAL ACCESS` above the first item is the header.
        case .unreadableTotal(hasFigure: false) where region == .header:
            ignore(index, .header)
        case .unreadableTotal:
            flushPending()
            unreadableTotal(index)
            region = .footer
        case .unreadable(let reason):
            flushPending()
            unparse(index, reason)
        case .addedTax(let amount):
            flushPending()
            addedTax += amount
        case .rounding(let amount):
            flushPending()
            rounding += amount
            ignore(index, .payment)
        case .item(let name, let total, let count, _): takeItem(name: name, total: total, count: count, at: index)
        case .quantity(let quantity): try takeQuantity(quantity, at: index)
        case .amountOnly(let amount): takeAmountOnly(amount, at: index)
        case .discount(let label, let amount, let percent): try takeDiscount(label: label, amount: amount, percent: percent, at: index)
        case .unknown:
            flushPending()
            unparse(index)
        }
    }

    /// Words without a price: the header's, or among the items the start of a name whose
    /// price is on a line below (OCR splits long names).
    private mutating func takeText(_ text: String, at index: Int) {
        if region == .header {
            ignore(index, .header)
        } else if let pending = pendingName {
            pendingName = (pending.text + " " + text, pending.numbers + [index + 1])
        } else {
            pendingName = (text, [index + 1])
        }
    }

    /// A name with its price: an item, with words waiting above it and a quantity line that
    /// belongs to it. `3 x` in front of it says how many, when the total divides evenly.
    private mutating func takeItem(name: String, total: Int64, count: Int64?, at index: Int) {
        region = .body
        var line = makeLine(name: name, total: total, numbers: [index + 1])
        if let count, count > 1, total % count == 0 {
            line.quantity = Quantity(Int(count))
            line.unitPrice = UnitPrice(money(total / count), per: .each)
        }
        if let pending = pendingQuantity {
            apply(pending.quantity, to: &line, number: pending.number)
            pendingQuantity = nil
        }
        items.append(line)
    }

    /// An amount alone on its line: what the words above it say it is (the total, a discount,
    /// an item's name), or, taken off with no words, a discount on the item above.
    private mutating func takeAmountOnly(_ amount: Int64, at index: Int) {
        if let pending = pendingName, isTotalLabel(pending.text) {
            // `SUMME` with its amount on the line below: the total (both lines are it), never
            // an item named `SUMME` nor, taken off, a discount.
            pendingName = nil
            if amount < 0 {
                for number in pending.numbers { unreadableTotal(number - 1) }
                unreadableTotal(index)
            } else {
                statedTotal = (amount, index + 1)
            }
            region = .footer
        } else if let pending = pendingName, let last = items.indices.last,
           amount < 0 || isDiscountLabel(pending.text) {
            // `Clubcard Price` with its amount on the line below.
            pendingName = nil
            items[last].discounts.append(ReceiptDiscount(label: pending.text, amount: money(abs(amount)), sourceLine: index + 1))
            ignoredLabel(pending.numbers)
        } else if amount < 0, pendingName == nil, let last = items.indices.last {
            items[last].discounts.append(ReceiptDiscount(label: "", amount: money(-amount), sourceLine: index + 1))
        } else if let name = nameAbove(index) {
            items.append(makeLine(name: name.text, total: amount, numbers: name.numbers + [index + 1]))
            region = .body
        } else {
            unparse(index)
        }
    }

    /// A discount comes off the item above it, by its amount or a percentage of that item's
    /// total; with no item above it, it cannot be placed.
    private mutating func takeDiscount(label: String, amount: Int64?, percent: Int64?, at index: Int) throws {
        flushPending()
        guard region == .body, let last = items.indices.last else { return unparse(index) }
        let taken = try amount ?? Rounding.halfEven(Int128(items[last].total.minorUnits) * Int128(percent ?? 0), dividedBy: 100_000)
        items[last].discounts.append(ReceiptDiscount(label: label, amount: money(taken), sourceLine: index + 1))
    }

    private mutating func takeQuantity(_ quantity: ReceiptQuantity, at index: Int) throws {
        // `100000 x 999.999,00`: more than any amount Grock keeps.
        guard let computed = try? cost(quantity) else {
            flushPending()
            return unparse(index, .tooLarge)
        }
        var nextItemTotal: Int64?
        if let next = nextIndex(after: index), case .item(_, let total, nil, _) = kinds[next] { nextItemTotal = total }
        // Its name: printed in front of it, waiting above it, or (for the first item) the
        // header's last line; unless it is a quantity line above the item it belongs to.
        // Words waiting above a named quantity line start its name (`makeLine` joins them).
        let name: (text: String, numbers: [Int])? = if !quantity.name.isEmpty {
            (quantity.name, [index + 1])
        } else if pendingName != nil || quantity.total != nil || nextItemTotal != computed {
            nameAbove(index)
        } else {
            nil
        }
        if let name {
            var total = quantity.total
            var numbers = name.numbers
            if total == nil, let next = nextIndex(after: index), case .amountOnly(let amount) = kinds[next] {
                total = amount
                consumed.insert(next)
                numbers.append(next + 1)
            }
            var line = makeLine(name: name.text, total: total ?? computed, numbers: numbers)
            apply(quantity, to: &line, number: quantity.name.isEmpty ? index + 1 : nil)
            items.append(line)
            region = .body
            return
        }
        guard quantity.total == nil else { return unparse(index) }
        let previous = previousIndex(before: index)
        let lastIsAbove = items.last.map { line in line.sourceLines.last.map { $0 - 1 } == previous && line.unitPrice == nil } ?? false
        if lastIsAbove && items[items.count - 1].total.minorUnits == computed {
            apply(quantity, to: &items[items.count - 1], number: index + 1)
        } else if nextItemTotal == computed {
            pendingQuantity = (quantity, index + 1)
        } else if lastIsAbove {
            apply(quantity, to: &items[items.count - 1], number: index + 1)
        } else if nextItemTotal != nil {
            pendingQuantity = (quantity, index + 1)
        } else {
            unparse(index)
        }
    }

    /// The name for a price on line `index`: words waiting in the body, or the header's last
    /// line right above it (the first item, split by OCR).
    private mutating func nameAbove(_ index: Int) -> (text: String, numbers: [Int])? {
        if let pending = pendingName {
            pendingName = nil
            return pending
        }
        guard region == .header, let previous = previousIndex(before: index), case .text(let text) = kinds[previous],
              ignored.last?.line.number == previous + 1 else { return nil }
        ignored.removeLast()
        return (text, [previous + 1])
    }

    private mutating func makeLine(name: String, total: Int64, numbers: [Int]) -> ReceiptLine {
        let joined = joinedNameIfPending(name, numbers: numbers)
        let isDeposit = ReceiptVocabulary.keys(joined.text).contains { ReceiptVocabulary.depositWords.contains($0) }
        return ReceiptLine(name: joined.text, total: money(total), isDeposit: isDeposit, sourceLines: joined.numbers)
    }

    /// Words waiting in the body are the start of the name of the next item.
    private mutating func joinedNameIfPending(_ name: String, numbers: [Int]) -> (text: String, numbers: [Int]) {
        guard let pending = pendingName else { return (name, numbers) }
        pendingName = nil
        return (pending.text + " " + name, pending.numbers + numbers)
    }

    private func apply(_ quantity: ReceiptQuantity, to line: inout ReceiptLine, number: Int?) {
        line.quantity = quantity.quantity
        line.unit = quantity.unit
        line.unitPrice = UnitPrice(money(quantity.price), per: quantity.basis)
        if let number {
            line.sourceLines.append(number)
            line.sourceLines.sort()
        }
    }

    /// Quantity times price, rounded half to even once.
    private func cost(_ quantity: ReceiptQuantity) throws -> Int64 {
        try money(quantity.price).cost(of: quantity.quantity, in: PriceUnit(quantity.unit), per: PriceUnit(quantity.basis))?.minorUnits
            ?? money(quantity.price).times(quantity.quantity).minorUnits
    }

    private func money(_ minorUnits: Int64) -> Money { Money(minorUnits: minorUnits, currency: currency) }

    private func nextIndex(after index: Int) -> Int? {
        kinds.indices.dropFirst(index + 1).first { kinds[$0] != .blank }
    }

    private func previousIndex(before index: Int) -> Int? {
        kinds.indices.prefix(index).last { kinds[$0] != .blank }
    }

    private mutating func flushPending() {
        if let pending = pendingName {
            for number in pending.numbers { unparsed.append(ReceiptTextLine(number: number, text: lines[number - 1])) }
            pendingName = nil
        }
        if let pending = pendingQuantity {
            unparsed.append(ReceiptTextLine(number: pending.number, text: lines[pending.number - 1]))
            pendingQuantity = nil
        }
    }

    /// Whether words above a price alone are the total's phrase and nothing else (`SUMME`,
    /// `BALANCE DUE`).
    private func isTotalLabel(_ text: String) -> Bool {
        let keys = ReceiptVocabulary.ocrTolerant(ReceiptVocabulary.keys(text))
        return !keys.isEmpty && ReceiptVocabulary.prefix(of: keys, in: ReceiptVocabulary.total) == keys.count
    }

    /// Whether words above a price alone are a discount's (`Clubcard Price` / `£0.20`), not a
    /// grocery's name that starts with a discount's word (`Coupon Chips` / `1,49`).
    private func isDiscountLabel(_ text: String) -> Bool {
        let keys = ReceiptVocabulary.keys(text)
        return keys.contains(where: ReceiptVocabulary.discountWords.contains) && !ReceiptVocabulary.namesAGrocery(keys)
    }

    /// The label of a discount printed on its own line above its amount: accounted for by the
    /// discount, which names only its amount's line.
    private mutating func ignoredLabel(_ numbers: [Int]) {
        for number in numbers { ignore(number - 1, .discountLabel) }
    }

    private mutating func ignore(_ index: Int, _ reason: IgnoredReceiptLine.Reason) {
        ignored.append(IgnoredReceiptLine(line: ReceiptTextLine(number: index + 1, text: lines[index]), reason: reason))
    }

    private mutating func unparse(_ index: Int, _ reason: UnparsedReceiptReason? = nil) {
        unparsed.append(ReceiptTextLine(number: index + 1, text: lines[index]))
        if let reason { unparsedReasons[index + 1] = reason }
    }

    /// A line that reads as the total but cannot be taken: the total is unknown, and the line
    /// taken as it so far is listed with it.
    private mutating func unreadableTotal(_ index: Int) {
        if let stated = statedTotal {
            totalUnreadable.append(ReceiptTextLine(number: stated.number, text: lines[stated.number - 1]))
            statedTotal = nil
        }
        totalUnreadable.append(ReceiptTextLine(number: index + 1, text: lines[index]))
    }
}
