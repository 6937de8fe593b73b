@testable import DataLayer
import Domain
import Foundation
import TestSupport
import Testing

@Suite struct PurchaseCSVTests {
    let eur = Currency.euro

    func purchase(_ item: String, trip: String = "Weekly", store: String = "Aldi", category: String = "Dairy", price: Int64 = 109,
                  quantity: String = "1", unit: MeasureUnit = .each) throws -> Purchase {
        Purchase(date: Day(iso: "2026-03-02")!, trip: trip, store: store, category: category, item: item,
                 quantity: try Quantity(parsing: quantity), unit: unit, price: Money(minorUnits: price, currency: eur))
    }

    @Test func writesRFC4180AndReadsItBack() throws {
        let purchases = [
            try purchase("Milk"),
            try purchase("Cheese, aged \"Gouda\"", trip: "Party\nnight", store: "Lidl", price: 1250, quantity: "0.25", unit: .kg),
            try purchase("Gum", category: "", price: 99),
        ]
        let text = try PurchaseCSV.write(purchases)
        #expect(text == """
            date,trip,store,category,item,quantity,unit,price,currency,cost
            2026-03-02,Weekly,Aldi,Dairy,Milk,1,each,1.09,EUR,1.09
            2026-03-02,"Party
            night",Lidl,Dairy,"Cheese, aged ""Gouda\"\"",0.25,kg,12.50,EUR,3.12
            2026-03-02,Weekly,Aldi,,Gum,1,each,0.99,EUR,0.99

            """)
        let read = try PurchaseCSV.parse(Array(text.utf8))
        #expect(read.map(\.item) == purchases.map(\.item))
        #expect(read.map(\.trip) == purchases.map(\.trip))
        #expect(read.map(\.price) == purchases.map(\.price))
        #expect(read.map(\.sourceLine) == [2, 3, 5])
    }

    /// A spreadsheet runs a cell that starts with =, +, -, @, a tab or a carriage return as a
    /// formula: such names get a ' in front, and so does a name that starts with ' itself, so
    /// that reading takes away exactly the mark Grock added.
    @Test func formulaLikeNamesAreNeutralisedAndReadBackExactly() throws {
        let names = ["=SUM(A1)", "-Milk", "@home", "+33 eggs", "=HYPERLINK(\"http://x\",\"y\")", "\t=1", "\r=1",
                     "'quoted", "'", "''", "'=x", "Milk - 1 l", "it's"]
        let purchases = try names.map { try purchase($0, trip: $0, store: $0, category: $0) }
        let text = try PurchaseCSV.write(purchases)
        let rows = text.split(separator: "\n").dropFirst().map(String.init)
        #expect(rows.first == "2026-03-02,'=SUM(A1),'=SUM(A1),'=SUM(A1),'=SUM(A1),1,each,1.09,EUR,1.09")
        #expect(rows.contains("2026-03-02,'-Milk,'-Milk,'-Milk,'-Milk,1,each,1.09,EUR,1.09"))
        #expect(rows.contains("2026-03-02,'@home,'@home,'@home,'@home,1,each,1.09,EUR,1.09"))
        #expect(rows.contains("2026-03-02,''quoted,''quoted,''quoted,''quoted,1,each,1.09,EUR,1.09"))
        #expect(rows.contains("2026-03-02,Milk - 1 l,Milk - 1 l,Milk - 1 l,Milk - 1 l,1,each,1.09,EUR,1.09"))
        #expect(!text.contains(",=") && !text.contains(",-") && !text.contains(",@") && !text.contains(",+") && !text.contains(",\"="))
        let read = try PurchaseCSV.parse(Array(text.utf8))
        #expect(read.map(\.item) == names)
        #expect(read.map(\.trip) == names)
        #expect(read.map(\.store) == names)
        #expect(read.map(\.category) == names)
        // A cell written by hand that starts with ' but no formula character keeps it.
        let typed = "\(PurchaseCSV.header.joined(separator: ","))\n2026-03-02,W,A,D,'s-Hertogenbosch cheese,1,each,1,EUR\n"
        #expect(try PurchaseCSV.parse(Array(typed.utf8)).map(\.item) == ["'s-Hertogenbosch cheese"])
    }

    /// Bytes that are not UTF-8 are refused with the line they are on, never replaced by U+FFFD:
    /// the Latin-1 "é" of an old export, a cut-off sequence, an overlong one, a surrogate.
    @Test(arguments: [[0xE9], [0xC3], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80]] as [[UInt8]])
    func bytesThatAreNotUTF8AreRefusedWithTheirLine(bad: [UInt8]) throws {
        let header = Array((PurchaseCSV.header.joined(separator: ",") + "\n").utf8)
        let good = Array("2026-03-02,W,A,Dairy,Milk,1,each,1,EUR\n".utf8)
        for (file, line) in [(header + good + Array("2026-03-02,W,A,Dairy,Cr".utf8) + bad + Array("me,1,each,1,EUR\n".utf8), 3),
                             (header + good + Array("2026-03-02,\"Party\nnight\",A,Dairy,\"Cr\n".utf8) + bad
                                 + Array("me\",1,each,1,EUR\n".utf8), 5)] {
            do {
                _ = try PurchaseCSV.parse(file)
                Issue.record("parsed \(bad)")
            } catch let error as PurchaseCSV.RowError {
                #expect(error.line == line)
                #expect(error.description
                    == "line \(line): not valid UTF-8; if the file is Latin-1, read it as Latin-1; nothing was imported")
                #expect(error.remedy == .latin1)
            }
        }
    }

    @Test func latin1IsReadWhenAskedFor() throws {
        let file: [UInt8] = Array("\(PurchaseCSV.header.joined(separator: ","))\n2026-03-02,W,Caf".utf8) + [0xE9]
            + Array(",Dairy,Cr".utf8) + [0xE8]
            + Array("me fra".utf8) + [0xEE] + Array("che,1,each,1.50,EUR\n".utf8)
        let read = try PurchaseCSV.parse(file, encoding: .latin1)
        #expect(read.map(\.item) == ["Crème fraîche"])
        #expect(read.map(\.store) == ["Café"])
        #expect(PurchaseCSV.Encoding(name: "ISO-8859-1") == .latin1 && PurchaseCSV.Encoding(name: "UTF-8") == .utf8)
        #expect(PurchaseCSV.Encoding(name: "cp1252") == nil)
        // UTF-8 read as Latin-1 is not refused (any bytes are Latin-1), so it is never the default.
        #expect(try PurchaseCSV.parse(Array("\(PurchaseCSV.header.joined(separator: ","))\n2026-03-02,W,A,D,Crème,1,each,1,EUR\n".utf8),
                                      encoding: .latin1).map(\.item) == ["CrÃ¨me"])
    }

    /// Amounts are Grock's own numbers: a negative one (Grock stores none) stays a number a
    /// spreadsheet can add up.
    @Test func negativeAmountsStayNumbers() throws {
        let text = try PurchaseCSV.write([try purchase("Refund", price: -300)])
        #expect(text.hasSuffix("\n2026-03-02,Weekly,Aldi,Dairy,Refund,1,each,-3.00,EUR,-3.00\n"))
    }

    @Test func acceptsCRLFAndAByteOrderMarkAndBlankLines() throws {
        let text = "\u{FEFF}DATE,trip,store,category,item,quantity,unit,price,currency\r\n2026-03-02,W,A,Dairy,Milk,2,each,1.09,EUR\r\n\r\n"
        let read = try PurchaseCSV.parse(Array(text.utf8))
        #expect(read.count == 1 && read[0].quantity == Quantity(2))
    }

    @Test(arguments: [
        ("", 1, "the file is empty"),
        ("date,trip\n", 1, "the header must be"),
        ("\(PurchaseCSV.header.joined(separator: ","))\n2026-03-02,W,A,D,Milk,1,each,1.09\n", 2,
            "expected 9 fields separated by \",\", found 8"),
        ("\(PurchaseCSV.header.joined(separator: ","))\n2026-02-30,W,A,D,Milk,1,each,1.09,EUR\n", 2, "is not a date"),
        ("\(PurchaseCSV.header.joined(separator: ","))\n2026-03-02,W,A,D,Milk,1,each,1.09,EUR\n2026-03-02,W,A,D,Eggs,0,each,1,EUR\n", 3,
         "is not a valid quantity"),
        ("\(PurchaseCSV.header.joined(separator: ","))\n2026-03-02,W,A,D,Milk,1,each,abc,EUR\n", 2, "\"abc\" is not a valid amount"),
        ("\(PurchaseCSV.header.joined(separator: ","))\n2026-03-02,W,A,D,Milk,1,bushel,1,EUR\n", 2, "is not a unit"),
        ("\(PurchaseCSV.header.joined(separator: ","))\n2026-03-02,W,A,D,Milk,1,each,1,XXX\n", 2, "is not a currency"),
        ("\(PurchaseCSV.header.joined(separator: ","))\n2026-03-02,\"W,A,D,Milk,1,each,1,EUR\n", 2, "a quoted field is not closed"),
    ])
    func badRowsNameTheirLine(text: String, line: Int, reason: String) {
        do {
            _ = try PurchaseCSV.parse(Array(text.utf8))
            Issue.record("parsed: \(text)")
        } catch let error as PurchaseCSV.RowError {
            #expect(error.line == line)
            #expect(error.reason.contains(reason), "\(error)")
        } catch {
            Issue.record("\(error)")
        }
    }
}

/// Spreadsheets in much of Europe write `;` between fields and a decimal comma (`1,99`).
@Suite struct EuropeanCSVTests {
    static let header = PurchaseCSV.header.joined(separator: ";")

    /// The header line says what separates fields (or `delimiter` does); in a file not
    /// separated by commas the first number with a decimal mark says which mark it is (or
    /// `decimalComma` does). Every number is read exactly.
    @Test func semicolonsTabsAndDecimalCommasAreReadExactly() throws {
        let semicolons = """
            \(Self.header)
            2026-03-02;Weekly;Aldi;Dairy;Milk;2;each;1,19;EUR
            2026-03-02;Weekly;Aldi;Produce;Bananas;1,25;kg;1,99;EUR
            2026-03-02;"Party; night";Aldi;Dairy;"Cheese, aged";0,5;kg;12;EUR

            """
        let read = try PurchaseCSV.parse(Array(semicolons.utf8))
        #expect(read.map { "\($0.trip)/\($0.item) \($0.quantity) \($0.price.amountText)" }
                == ["Weekly/Milk 2 1.19", "Weekly/Bananas 1.25 1.99", "Party; night/Cheese, aged 0.5 12.00"])
        #expect(try PurchaseCSV.parse(Array(semicolons.utf8), delimiter: .semicolon, decimalComma: true) == read)
        #expect(try PurchaseCSV.parse(Array(semicolons.replacing(",", with: ".").replacing("Cheese. aged",
            with: "Cheese, aged").utf8)) == read)
        let tabs = "\(PurchaseCSV.header.joined(separator: "\t"))\n2026-03-02\tWeekly\tAldi\tDairy\tMilk\t2\teach\t1,19\tEUR\n"
        #expect(try PurchaseCSV.parse(Array(tabs.utf8)).map(\.price.amountText) == ["1.19"])
        #expect(try PurchaseCSV.parse(Array(tabs.utf8), delimiter: .tab).map(\.price.amountText) == ["1.19"])
        let commas = "\(PurchaseCSV.header.joined(separator: ","))\n2026-03-02,Weekly,Aldi,Dairy,Milk,\"1,5\",each,\"1,19\",EUR\n"
        #expect(try PurchaseCSV.parse(Array(commas.utf8), decimalComma: true).map {
            "\($0.quantity) \($0.price.amountText)" } == ["1.5 1.19"])
        #expect(try PurchaseCSV.parse(Array("\(Self.header)\n".utf8)).isEmpty)
        #expect(PurchaseCSV.RowError(line: 2, column: 42, reason: "x").description == "line 2, column 42: x; nothing was imported")
        #expect(PurchaseCSV.Delimiter(name: ";") == .semicolon && PurchaseCSV.Delimiter(name: "TAB") == .tab
            && PurchaseCSV.Delimiter(name: "|") == nil)
    }

    /// A number that could be read two ways (a thousands separator, a mark unlike the file's)
    /// is refused, with its line and column, rather than guessed.
    @Test(arguments: [
        ("\(header)\n2026-03-02;W;A;D;Milk;1;each;1.234,56;EUR\n", nil, false,
         "line 2, column 8 (price): \"1.234,56\" has a thousands separator, which Grock does not read; write it without, like 1234.56 or "
             + "1234,56"),
        ("\(header)\n2026-03-02;W;A;D;Milk;1;each;1,99;EUR\n2026-03-02;W;A;D;Salt;1.250;kg;2;EUR\n", nil, false,
         "line 3, column 6 (quantity): \"1.250\" has a point, but line 2, column 8 has a decimal comma (\"1,99\"); a thousands separator "
             + "is not read"),
        ("\(PurchaseCSV.header.joined(separator: ","))\n2026-03-02,W,A,D,Milk,1,each,\"1,99\",EUR\n", nil, false,
         "line 2, column 8 (price): \"1,99\" has a comma, but the file is read with decimal points; a thousands separator is not read"),
        ("\(header)\n2026-03-02;W;A;D;Milk;1;each;1.99;EUR\n", nil, true,
         "line 2, column 8 (price): \"1.99\" has a point, but the file is read with decimal commas; a thousands separator is not read"),
        ("\(header)\n2026-03-02;W;A;D;Milk;1;each;1,999;EUR\n", nil, true,
            "line 2, column 8 (price): \"1,999\" is not a valid amount: EUR has at most 2 decimals"),
        ("\(header)\n2026-03-02;W;A;D;Milk;0,0001;each;1;EUR\n", nil, false,
            "line 2, column 6 (quantity): \"0,0001\" is not a valid quantity"),
        ("\(header)\n2026-03-02;W;A;D;Milk;1;each;1000000,01;EUR\n", nil, false,
         "line 2, column 8 (price): \"1000000,01\" is more than the largest amount, 1000000,00"),
        ("\(header)\n2026-03-02,W,A,D,Milk,1,each,1,EUR\n", nil, false, "line 2: expected 9 fields separated by \";\", found 1"),
        ("\(header)\n2026-13-02;W;A;D;Milk;1;each;1;EUR\n", nil, false, "line 2, column 1 (date): \"2026-13-02\" is not a date"),
        ("\(header)\n2026-03-02;W;A;D;Milk;1;bushel;1;EUR\n", nil, false, "line 2, column 7 (unit): \"bushel\" is not a unit"),
        ("\(header)\n2026-03-02;W;A;D;Milk;1;each;1;XYZ\n", nil, false, "line 2, column 9 (currency): \"XYZ\" is not a currency"),
        ("\(PurchaseCSV.header.joined(separator: ","))\n", PurchaseCSV.Delimiter.semicolon, false,
            "line 1: the header's fields are separated by \",\", not by \";\""),
        ("\(PurchaseCSV.header.joined(separator: "|"))\n", nil, false,
         "line 1: the header must be date,trip,store,category,item,quantity,unit,price,currency (and ,per and ,cost), its fields separated "
             + "by commas, semicolons or tabs"),
    ] as [(String, PurchaseCSV.Delimiter?, Bool, String)])
    func numbersAndFieldsThatCannotBeReadAreNamedByLineAndColumn(text: String, delimiter: PurchaseCSV.Delimiter?, decimalComma: Bool,
        message: String) {
        do {
            _ = try PurchaseCSV.parse(Array(text.utf8), delimiter: delimiter, decimalComma: decimalComma)
            Issue.record("parsed: \(text)")
        } catch let error as PurchaseCSV.RowError {
            #expect(error.description.hasPrefix(message), "\(error)")
            #expect(error.description.hasSuffix("; nothing was imported"))
        } catch {
            Issue.record("\(error)")
        }
    }
}

@Suite struct LedgerJournalTests {
    @Test func oneTransactionPerTripOnePostingPerCategory() async throws {
        let world = try await TestWorld.stocked(storage: InMemoryStorage())
        let u = world.useCases
        _ = try await u.addItem(name: "Cheese", category: "Dairy", price: "3.99", store: "Aldi")
        _ = try await u.createCart(name: "Weekly", items: ["Milk", "Cheese", "Bananas"])
        _ = try await u.startTrip("Weekly")
        _ = try await u.logPurchase(cart: "Weekly", item: "Milk", quantity: Quantity(2))
        _ = try await u.logPurchase(cart: "Weekly", item: "Cheese")
        _ = try await u.logPurchase(cart: "Weekly", item: "Bananas", price: "2.05", quantity: try Quantity(parsing: "1.2"))
        _ = try await u.addImpulseItem(cart: "Weekly", name: "Gum", price: "0.99")
        _ = try await u.finishTrip("Weekly")
        let journal = try LedgerJournal.write(try await u.listPurchases())
        #expect(journal == """
            ; Grock purchase history, written by grock export --format ledger

            2026-03-02 Weekly
                expenses:groceries:Dairy  6.17 EUR
                    ; Milk, 2 each @ 1.09 at Aldi
                    ; Cheese, 1 each @ 3.99 at Aldi
                expenses:groceries:Produce  2.46 EUR
                    ; Bananas, 1.2 kg @ 2.05 at Aldi
                expenses:groceries:Impulse buys  0.99 EUR
                    ; Gum, 1 each @ 0.99 at Aldi
                assets:cash

            """)
    }
}

@Suite struct BackupTests {
    @Test(arguments: StorageKind.allCases)
    func aRestoredBackupExportsTheSameBytes(kind: StorageKind) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let world = try await TestWorld.stocked(storage: kind.make(in: directory).storage)
        let u = world.useCases
        _ = try await u.setAisleOrder(store: "Lidl", categories: ["Bakery"])
        _ = try await u.setPrice(item: "Milk", store: "Lidl", price: "0.89", isPromotion: true, promotionUntil: Day(iso: "2026-03-20"))
        _ = try await u.createCart(name: "Weekly", budget: "20", items: ["Milk", "Bread"])
        _ = try await u.startTrip("Weekly")
        _ = try await u.logPurchase(cart: "Weekly", item: "Milk")
        _ = try await u.addImpulseItem(cart: "Weekly", name: "Gum", price: "0.99")
        _ = try await u.finishTrip("Weekly")
        _ = try await u.createCart(name: "Next", items: ["Bananas"])
        _ = try await u.removeStore("Lidl")
        let bytes = try BackupCodec.encode(try await u.createBackup())

        let restored = TestWorld(storage: try await kind.make(in: directory).storage).useCases
        try await restored.restoreBackup(try BackupCodec.decode(bytes))
        #expect(try BackupCodec.encode(try await restored.createBackup()) == bytes)
        #expect(try await restored.listHistory().first?.lines == 3)
    }

    /// A trip whose receipt repeats an item (Milk at 1.19 and at 1.29, imported) keeps both
    /// lines, exactly, through the stored files read afresh, a backup and its restore (a
    /// completed cart may repeat an item; an active one may not), and undo.
    @Test(arguments: StorageKind.allCases)
    func aTripWithAnItemOnTwoLinesSurvivesTheStoreABackupAndUndo(kind: StorageKind) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (storage, reopen) = try await kind.make(in: directory)
        let world = try await TestWorld.stocked(storage: storage)
        let u = world.useCases
        let csv = """
            date,trip,store,category,item,quantity,unit,price,currency,cost
            2026-02-01,Receipt,Aldi,Dairy,Milk,1,each,1.19,EUR,1.19
            2026-02-01,Receipt,Aldi,Bakery,Bread,1,each,2.00,EUR,2.00
            2026-02-01,Receipt,Aldi,Dairy,Milk,1,each,1.29,EUR,1.29

            """
        _ = try await u.importPurchases(try PurchaseCSV.parse(Array(csv.utf8)))
        let fresh = UseCases(storage: reopen(), clock: world.clock, ids: SequentialIdentifiers())
        #expect(try PurchaseCSV.write(try await fresh.listPurchases()) == csv)
        #expect(try await fresh.listHistory().map(\.actual.amountText) == ["4.48"])
        #expect(try await fresh.showCart("Receipt").cart.lines.map(\.name) == ["Milk", "Bread", "Milk"])

        let bytes = try BackupCodec.encode(try await fresh.createBackup())
        let restored = TestWorld(storage: try await kind.make(in: directory).storage).useCases
        try await restored.restoreBackup(try BackupCodec.decode(bytes))
        #expect(try BackupCodec.encode(try await restored.createBackup()) == bytes)
        #expect(try PurchaseCSV.write(try await restored.listPurchases()) == csv)

        #expect(try await fresh.undoLastChange() == "imported 1 trip with 3 purchases")
        #expect(try await UseCases(storage: reopen(), clock: world.clock, ids: SequentialIdentifiers()).listPurchases().isEmpty)
    }

    /// Ids go into the compact files as they are: one with a tab, a line break or nothing in it
    /// would break them, so such a backup is refused.
    @Test(arguments: ["a\\tb", "a\\nb", "", "x y"])
    func aBackupWithAnIdGrockDoesNotWriteIsRefused(id: String) async throws {
        let world = try await TestWorld.stocked(storage: InMemoryStorage())
        let text = String(decoding: try BackupCodec.encode(try await world.useCases.createBackup()), as: UTF8.self)
        let storeID = try #require(try await world.useCases.listStores().first?.id.rawValue)
        let damaged = text.replacingOccurrences(of: "\"\(storeID)\"", with: "\"\(id)\"")
        #expect(damaged != text)
        #expect(throws: BackupCodec.Failure.self) { try BackupCodec.decode(Array(damaged.utf8)) }
    }

    @Test func notABackupIsRefused() {
        #expect(throws: BackupCodec.Failure.self) { try BackupCodec.decode(Array("{\"format\": \"other\"}".utf8)) }
        #expect(throws: BackupCodec.Failure.self) { try BackupCodec.decode(Array("not json".utf8)) }
        #expect(throws: BackupCodec.Failure.self) { try BackupCodec.decode(Array("{\"format\": \"grock-backup\", \"schema\": 9}".utf8)) }
        #expect(throws: BackupCodec.Failure.self) { try BackupCodec.decode(Array("{\"format\": \"grock-backup\", \"schema\": 1}".utf8)) }
    }
}
