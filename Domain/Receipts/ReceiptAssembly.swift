/// Puts a receipt's lines together, top to bottom: a name with the price below it, a quantity
/// line with the item it belongs to, a discount with the item above it.
///
/// Here: walking the lines, the total and what is below it, and setting lines aside; the lines
/// that make items are in `ReceiptAssembly+Items.swift`, which is why its state is not private.
/// Only `ReceiptParser` makes one, and reads it once `run()` returns.
struct ReceiptAssembly {
    enum Region { case header, body, footer }

    let lines: [String]
    let kinds: [ReceiptLineKind]
    let currency: Currency

    var items: [ReceiptLine] = []
    var ignored: [IgnoredReceiptLine] = []
    private(set) var unparsed: [ReceiptTextLine] = []
    private(set) var date: ReceiptDate?
    /// The total's amount and its line's number.
    var statedTotal: (amount: Int64, number: Int)?
    /// Lines that read as the total but could not be taken (`Receipt.totalUnreadable`).
    private(set) var totalUnreadable: [ReceiptTextLine] = []
    private(set) var unparsedReasons: [Int: UnparsedReceiptReason] = [:]
    private(set) var addedTax: Int64 = 0
    /// Cash rounding printed before the stated total: the total less it is what the lines cost.
    private(set) var rounding: Int64 = 0
    /// Cash rounding printed after the stated total, before a rounded total that repeats it.
    private var roundingAfterTotal: Int64 = 0

    var region = Region.header
    /// Words without a price in the body, waiting for the price below them.
    var pendingName: (text: String, numbers: [Int])?
    /// A quantity line that belongs to the item below it.
    var pendingQuantity: (quantity: ReceiptQuantity, number: Int)?
    /// Lines already taken by the line above them.
    var consumed: Set<Int> = []

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

    func nextIndex(after index: Int) -> Int? {
        kinds.indices.dropFirst(index + 1).first { kinds[$0] != .blank }
    }

    func previousIndex(before index: Int) -> Int? {
        kinds.indices.prefix(index).last { kinds[$0] != .blank }
    }

    mutating func flushPending() {
        if let pending = pendingName {
            for number in pending.numbers { unparsed.append(ReceiptTextLine(number: number, text: lines[number - 1])) }
            pendingName = nil
        }
        if let pending = pendingQuantity {
            unparsed.append(ReceiptTextLine(number: pending.number, text: lines[pending.number - 1]))
            pendingQuantity = nil
        }
    }

    mutating func ignore(_ index: Int, _ reason: IgnoredReceiptLine.Reason) {
        ignored.append(IgnoredReceiptLine(line: ReceiptTextLine(number: index + 1, text: lines[index]), reason: reason))
    }

    mutating func unparse(_ index: Int, _ reason: UnparsedReceiptReason? = nil) {
        unparsed.append(ReceiptTextLine(number: index + 1, text: lines[index]))
        if let reason { unparsedReasons[index + 1] = reason }
    }

    /// A line that reads as the total but cannot be taken: the total is unknown, and the line
    /// taken as it so far is listed with it.
    mutating func unreadableTotal(_ index: Int) {
        if let stated = statedTotal {
            totalUnreadable.append(ReceiptTextLine(number: stated.number, text: lines[stated.number - 1]))
            statedTotal = nil
        }
        totalUnreadable.append(ReceiptTextLine(number: index + 1, text: lines[index]))
    }
}
