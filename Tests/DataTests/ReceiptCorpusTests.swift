import Domain
import Foundation
import Testing

/// The receipts in Fixtures/receipts, each parsed and compared with its `.expected` file
/// (format in docs/RECEIPTS.md).
@Suite struct ReceiptCorpusTests {
    static let directory = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/receipts")

    static let names: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".txt") }.map { String($0.dropLast(4)) }.sorted()
    }()

    @Test func theCorpusHasAtLeastTwentyFiveReceipts() {
        #expect(Self.names.count >= 25)
    }

    /// The text of receipt `name`: every file here is UTF-8, as the parser takes text (bytes that
    /// are not UTF-8 are the command line's to refuse: `ReceiptInputTests`).
    static func text(_ name: String) throws -> String {
        let bytes = try Data(contentsOf: directory.appendingPathComponent(name + ".txt"))
        return try #require(String(validating: bytes, as: UTF8.self), "\(name).txt is not UTF-8")
    }

    @Test(arguments: names)
    func parsesAsExpected(name: String) throws {
        let text = try Self.text(name)
        let expectedText = try String(contentsOf: Self.directory.appendingPathComponent(name + ".expected"), encoding: .utf8)
        var expected = expectedText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while expected.last == "" { expected.removeLast() }
        var assumed = Currency.euro
        if let first = expected.first, first.hasPrefix("assume: ") {
            assumed = try Currency(code: String(first.dropFirst(8)))
            expected.removeFirst()
        }
        let actual: [String]
        do {
            actual = Self.render(try ReceiptParser.parse(text: text, assuming: assumed), assumed: assumed)
        } catch let error as ReceiptError {
            actual = ["error: \(Self.render(error))"]
        }
        #expect(actual == expected, "\(name) reads as:\n\(actual.joined(separator: "\n"))")
    }

    /// Every line of every receipt is somewhere: in a line, a discount, the header, set aside or
    /// unparsed; only the total and tax lines (which are amounts on the receipt) and blank lines
    /// are not listed.
    @Test(arguments: names)
    func noLineIsDroppedSilently(name: String) throws {
        let text = try Self.text(name)
        // In the currency its `.expected` file assumes; a receipt expected to be refused must be
        // (issue #25, 5: every error was skipped, and GBP and USD receipts read as EUR).
        let expected = try String(contentsOf: Self.directory.appendingPathComponent(name + ".expected"),
            encoding: .utf8).split(separator: "\n").map(String.init)
        let assumed = try expected.first.flatMap { $0.hasPrefix("assume: ") ? try Currency(code: String($0.dropFirst(8))) : nil } ?? .euro
        if expected.contains(where: { $0.hasPrefix("error: ") }) {
            #expect(throws: ReceiptError.self, "\(name)") { try ReceiptParser.parse(text: text, assuming: assumed) }
            return
        }
        let receipt = try ReceiptParser.parse(text: text, assuming: assumed)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var seen: [Int] = receipt.lines.flatMap { $0.sourceLines + $0.discounts.map(\.sourceLine) }
        seen += receipt.ignored.map(\.line.number) + receipt.unparsed.map(\.number) + receipt.totalUnreadable.map(\.number)
        #expect(Set(seen).count == seen.count, "\(name): a line counted twice")
        let missing = lines.indices.map { $0 + 1 }.filter { !seen.contains($0)
            && !lines[$0 - 1].trimmingCharacters(in: .whitespaces).isEmpty }
        // A total or tax line is excused only when it states the total or the tax the parser read
        // (issue #25, 5: any line with such a word was excused, whatever it said).
        // Compared by digits, as receipts group thousands (`1 300,79`, `$1,304.28`).
        func digits(_ text: String) -> String { text.filter { $0.isASCII && $0.isNumber } }
        let amounts = [receipt.statedTotal, receipt.addedTax].compactMap { $0.map { digits($0.amountText) } }
        let unlisted = missing.map { String(lines[$0 - 1]) }.filter { line in
            let upper = line.uppercased()
            let named = ["SUMME", "TOTAL", "BALANCE", "PAYER", "ZU ZAHLEN", "AMOUNT DUE", "TAX"].contains { upper.contains($0) }
            return !(named && amounts.contains { digits(line).hasSuffix($0) })
        }
        #expect(unlisted.isEmpty, "\(name): lines in no part of the receipt: \(unlisted)")
    }

    static func render(_ receipt: Receipt, assumed: Currency) -> [String] {
        var rows: [String] = []
        rows.append("store: \(receipt.storeName ?? "none")")
        rows.append("date: \(receipt.date?.description ?? "none")")
        let origin = receipt.detectedCurrency == nil ? "assumed" : receipt.isForeign(to: assumed) ? "detected, foreign" : "detected"
        rows.append("currency: \(receipt.currency.code) (\(origin))")
        for line in receipt.lines {
            var row = "\(line.isDeposit ? "deposit" : "item"): \(line.name) | \(line.quantity) \(line.unit)"
            if let price = line.unitPrice { row += " @ \(price)" }
            row += " | \(line.total.amountText)"
            for discount in line.discounts { row += " | -\(discount.amount.amountText) \(discount.label)" }
            rows.append(row)
        }
        if receipt.addedTax.minorUnits != 0 { rows.append("tax: \(receipt.addedTax.amountText)") }
        rows.append("total: \(receipt.statedTotal?.amountText ?? "none")")
        rows.append("difference: \(receipt.difference?.amountText ?? "none")")
        for line in
            receipt.totalUnreadable { rows.append("total unreadable: \(line.number): \(line.text.trimmingCharacters(in: .whitespaces))") }
        for line in receipt.unparsed {
            let reason = receipt.unparsedReasons[line.number].map { " (\($0))" } ?? ""
            rows.append("unparsed: \(line.number): \(line.text.trimmingCharacters(in: .whitespaces))\(reason)")
        }
        return rows
    }

    static func render(_ error: ReceiptError) -> String {
        switch error {
        case .empty: "empty"
        case .controlCharacters(let line): "control characters, line \(line)"
        case .tooLong(let lines): "too long, \(lines) lines"
        case .noItems: "no items"
        }
    }
}
