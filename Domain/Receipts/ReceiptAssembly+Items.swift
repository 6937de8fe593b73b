/// Above the total, the lines that make items: a name, a price, a quantity, a discount.
extension ReceiptAssembly {
    /// Words without a price: the header's, or among the items the start of a name whose
    /// price is on a line below (OCR splits long names).
    mutating func takeText(_ text: String, at index: Int) {
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
    mutating func takeItem(name: String, total: Int64, count: Int64?, at index: Int) {
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
    mutating func takeAmountOnly(_ amount: Int64, at index: Int) {
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
    mutating func takeDiscount(label: String, amount: Int64?, percent: Int64?, at index: Int) throws {
        flushPending()
        guard region == .body, let last = items.indices.last else { return unparse(index) }
        // `PROMO -1000%`: more than the whole price would make the item a refund.
        if let percent, percent > 100_000 { return unparse(index, .overWholePrice) }
        let taken = try amount ?? Rounding.halfEven(Int128(items[last].total.minorUnits) * Int128(percent ?? 0), dividedBy: 100_000)
        items[last].discounts.append(ReceiptDiscount(label: label, amount: money(taken), sourceLine: index + 1))
    }

    mutating func takeQuantity(_ quantity: ReceiptQuantity, at index: Int) throws {
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
}
