import Foundation
import Testing

/// The header of a purchase CSV, alone: what an export of no purchases is.
enum PurchaseCSVHeader {
    static let line = "date,trip,store,category,item,quantity,unit,price,currency,cost\n"
}

@Suite struct ExportImportTests {
    @Test func aJSONBackupRestoresExactly() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.withHistory()
        try grock.ok("cart new Next --budget 10 --item Bread")
        let backup = try grock.ok("export --format json")
        #expect(backup.contains("\"format\" : \"grock-backup\""))
        let file = grock.home.path + "/backup.json"
        try backup.write(toFile: file, atomically: false, encoding: .utf8)
        let restored = try Grock()
        defer { restored.home.remove() }
        #expect(try restored.ok("import \(file)").hasPrefix("Restored a backup: 2 stores"))
        #expect(try restored.ok("export --format json") == backup)
        // Into a store with data: refused, nothing changed.
        let before = grock.home.snapshot()
        let refused = try grock.run("import \(file)")
        #expect(refused.status == 1 && refused.stderr.contains("already has data"))
        #expect(grock.home.snapshot() == before)
    }

    /// A backup is streamed from history into a temporary file renamed over the target at the
    /// end: a history changed since it was recorded stops it before a byte reaches stdout, and
    /// leaves no file behind.
    @Test func aBackupIsWrittenWholeOrNotAtAll() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.withHistory()
        let file = grock.home.path + "/backup.json"
        try grock.ok("export --format json --output \(file)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == (try grock.ok("export --format json")))
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int == 0o600)
        let history = grock.dataDirectory + "/history.tsv"
        let text = try String(contentsOfFile: history, encoding: .utf8)
        try text.replacingOccurrences(of: "\tkg\t", with: "\tKG\t").write(toFile: history, atomically: false, encoding: .utf8)
        let before = try FileManager.default.contentsOfDirectory(atPath: grock.home.path).sorted()
        for line in ["export --format json", "export --format json --output \(file)", "export --format json --output \(file).new"] {
            let result = try grock.run(line)
            #expect(result.status == 3, "grock \(line): \(result.stderr)")
            #expect(result.stdout.isEmpty && result.stderr.contains("history.tsv: its first"), "grock \(line): \(result.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: grock.home.path).sorted() == before)
        #expect(try String(contentsOfFile: file, encoding: .utf8).hasSuffix("}\n"))
    }

    /// A backup goes through the rules of typed input; one value that breaks one refuses the
    /// whole restore, with the value's path, and the data directory stays as it was.
    @Test func aBackupThatBreaksARuleRestoresNothing() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.withHistory()
        let backup = try grock.ok("export --format json")
        let restored = try Grock()
        defer { restored.home.remove() }
        try restored.ok("init")
        let before = restored.home.snapshot()
        let damages = [("\"actualPrice\" : 119", "\"actualPrice\" : -119", "completedCarts[0].lines[", "is below zero"),
                       ("\"name\" : \"Bananas\"", "\"name\" : \"MILK\"", "items[", "is also the name of items["),
                       ("\"name\" : \"Gum\"", "\"name\" : \"G\\u001b[31mum\"", "completedCarts[0].lines[3].name: \"G\\e[31mum\"",
                           "control characters")]
        for (original, damaged, path, reason) in damages {
            let file = restored.home.path + "/bad.json"
            #expect(backup.contains(original))
            try backup.replacingOccurrences(of: original, with: damaged).write(toFile: file, atomically: false, encoding: .utf8)
            let result = try restored.run("import \(file)")
            #expect(result.status == 2, "\(damaged): \(result.stderr)")
            #expect(result.stderr.hasPrefix("grock: \(file): \(path)") && result.stderr.contains(reason),
                "\(damaged): \(result.stderr.debugDescription)")
            #expect(result.stderr.hasSuffix("; nothing was restored\n") && result.stderr.split(separator: "\n").count == 1)
            #expect(!result.stderr.contains("\u{1B}"))
            try FileManager.default.removeItem(atPath: file)
            #expect(restored.home.snapshot() == before)
        }
    }

    @Test func csvExportsAndImportsBack() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.withHistory()
        let csv = try grock.ok("export --format csv")
        #expect(csv == """
            date,trip,store,category,item,quantity,unit,price,currency,cost
            2026-03-02,Weekly,Aldi,Dairy,Milk,1,each,1.19,EUR,1.19
            2026-03-02,Weekly,Aldi,Produce,Bananas,1.2,kg,2.05,EUR,2.46
            2026-03-02,Weekly,Aldi,,Gum,1,each,0.99,EUR,0.99

            """)
        let file = grock.home.path + "/purchases.csv"
        try csv.write(toFile: file, atomically: false, encoding: .utf8)
        // Back into the store it came from, impulse buy included: every row is there already.
        #expect(try grock.ok("import \(file)") == "Nothing to import: 3 rows already imported, skipped; nothing changed.\n")
        let other = try Grock()
        defer { other.home.remove() }
        let summary = try other.ok("import \(file)")
        // A first import sets Grock up as init would: Dairy and Produce are default categories.
        #expect(summary == "Imported 3 purchases in 1 trip; added 1 store, 0 categories and 2 items.\n")
        #expect(try other.ok("export --format csv") == csv)
        #expect(try other.ok("category list").contains("Personal Care"))
        #expect(try other.ok("settings show").contains("Set up    yes"))
        // In the currency of its rows.
        let dollars = try Grock()
        defer { dollars.home.remove() }
        try csv.replacingOccurrences(of: ",EUR", with: ",USD").write(toFile: file, atomically: false, encoding: .utf8)
        try dollars.ok("import \(file)")
        #expect(try dollars.ok("settings show").contains("USD"))
        #expect(try other.ok("insights").contains("Total           4.64  on 1 trip"))
    }

    /// A receipt that repeats an item (Milk at 1.19 and at 1.29) imports as two lines of one
    /// trip, and every view and export counts exactly 2.48 for them.
    @Test func aTripWithAnItemOnSeveralRowsIsExactEverywhere() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        // Written with the cost column Grock adds: what it exports is what it read.
        let csv = """
            date,trip,store,category,item,quantity,unit,price,currency,cost
            2026-02-01,Receipt,Aldi,Dairy,Milk,1,each,1.19,EUR,1.19
            2026-02-01,Receipt,Aldi,Bakery,Bread,1,each,2.00,EUR,2.00
            2026-02-01,Receipt,Aldi,Dairy,Milk,1,each,1.29,EUR,1.29

            """
        let file = grock.home.path + "/receipt.csv"
        try csv.write(toFile: file, atomically: false, encoding: .utf8)
        #expect(try grock.ok("import \(file)") == "Imported 3 purchases in 1 trip; added 1 store, 0 categories and 2 items.\n")
        #expect(try grock.ok("export --format csv") == csv)
        #expect(try grock.ok("history").contains("4.48"))
        let shown = try grock.ok("cart show Receipt")
        #expect(shown.contains("[x]  Milk   1 each  1.19  1.19") && shown.contains("[x]  Milk   1 each  1.29  1.29"), "\(shown)")
        #expect(try grock.ok("insights").contains("Total           4.48  on 1 trip"))
        let prices = try grock.ok("prices Milk")
        #expect(prices.contains("1.29/each") && prices.contains("1.19"), "\(prices)")
        #expect(try grock.ok("export --format ledger").contains("expenses:groceries:Dairy  2.48 EUR"))
        let backup = try grock.ok("export --format json")
        let restoredFile = grock.home.path + "/backup.json"
        try backup.write(toFile: restoredFile, atomically: false, encoding: .utf8)
        let restored = try Grock()
        defer { restored.home.remove() }
        try restored.ok("import \(restoredFile)")
        #expect(try restored.ok("export --format csv") == csv)
        let reopen = try grock.run("trip reopen Receipt")
        #expect(reopen.status == 1 && reopen.stderr.contains("has \"Milk\" on more than one line"), "\(reopen.stderr)")
        #expect(try grock.ok("undo").contains("imported 1 trip with 3 purchases"))
        #expect(try grock.ok("export --format csv") == PurchaseCSVHeader.line)
    }

    /// An import can be tried first (--dry-run writes nothing, not even the data directory) and
    /// run again: rows already imported are skipped and counted, a second run of the same file
    /// changes nothing and leaves no step to undo, and a file that grew imports its new rows.
    @Test func anImportCanBeTriedFirstAndRunTwice() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        let csv = """
            date,trip,store,category,item,quantity,unit,price,currency
            2026-02-01,Weekly,Aldi,Dairy,Milk,1,each,1.19,EUR
            2026-02-01,Weekly,Aldi,Dairy,Milk,1,each,1.19,EUR
            2026-02-08,Weekly,Aldi,Bakery,Bread,1,each,2.00,EUR

            """
        let file = grock.home.path + "/purchases.csv"
        try csv.write(toFile: file, atomically: false, encoding: .utf8)
        let plan = "3 purchases in 2 trips; would add 1 store, 0 categories and 2 items."
        #expect(try grock.ok("import \(file) --dry-run") == "Would import \(plan)\nDry run: nothing changed.\n")
        #expect(!FileManager.default.fileExists(atPath: grock.dataDirectory))
        #expect(try grock.ok("import \(file)") == "Imported \(plan.replacingOccurrences(of: "would add", with: "added"))\n")
        let imported = grock.home.snapshot()
        #expect(try grock.ok("import \(file)") == "Nothing to import: 3 rows already imported, skipped; nothing changed.\n")
        #expect(try grock.ok("import \(file) --dry-run") == "Nothing to import: 3 rows already imported, skipped; nothing changed.\n")
        #expect(grock.home.snapshot() == imported)

        try (csv + "2026-02-08,Weekly,Aldi,Dairy,Milk,1,each,1.25,EUR\n").write(toFile: file, atomically: false, encoding: .utf8)
        let document = try #require(try grock.json("import \(file) --dry-run") as? [String: Any])
        #expect(document["purchases"] as? Int == 1 && document["skipped"] as? Int == 3 && document["dryRun"] as? Bool == true)
        #expect(try grock.ok("import \(file)")
                == "Imported 1 purchase in 1 trip; added 0 stores, 0 categories and 0 items.\n3 rows already imported, skipped.\n")
        #expect(try grock.ok("history").components(separatedBy: "Weekly").count - 1 == 3)
        #expect(try grock.ok("undo") == "Undid: imported 1 trip with 1 purchase.\n")
        #expect(try grock.ok("undo") == "Undid: imported 2 trips with 3 purchases.\n")
        let refused = try grock.run("import \(file) --dry-run --format json")
        #expect(refused.status == 2 && refused.stderr.hasPrefix("grock: --dry-run is for csv files"))
    }

    /// A spreadsheet in a European locale: fields separated by `;` (told by the header line, or
    /// --delimiter), decimal commas (told by the file's first such number, or --decimal-comma).
    /// A thousands separator is refused with its line and column, and nothing changes.
    @Test func aEuropeanSpreadsheetIsReadWithItsDelimiterAndDecimalCommas() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        let file = grock.home.path + "/kassenbon.csv"
        try """
            date;trip;store;category;item;quantity;unit;price;currency
            2026-02-14;Samstag;Rewe;Dairy;Milch;1;each;1,19;EUR
            2026-02-14;Samstag;Rewe;Dairy;Milch;1;each;1,29;EUR
            2026-02-14;Samstag;Rewe;Produce;Bananen;0,75;kg;1,99;EUR

            """.write(toFile: file, atomically: false, encoding: .utf8)
        #expect(try grock.ok("import \(file) --delimiter ; --decimal-comma --dry-run").hasPrefix("Would import 3 purchases in 1 trip;"))
        #expect(try grock.ok("import \(file)").hasPrefix("Imported 3 purchases in 1 trip;"))
        #expect(try grock.ok("export --format csv").hasSuffix("""
            2026-02-14,Samstag,Rewe,Dairy,Milch,1,each,1.19,EUR,1.19
            2026-02-14,Samstag,Rewe,Dairy,Milch,1,each,1.29,EUR,1.29
            2026-02-14,Samstag,Rewe,Produce,Bananen,0.75,kg,1.99,EUR,1.49

            """))
        #expect(try grock.ok("insights").contains("Total           3.97  on 1 trip"))
        let tab = grock.home.path + "/tab.csv"
        try ("date\ttrip\tstore\tcategory\titem\tquantity\tunit\tprice\tcurrency\n"
            + "2026-02-21\tSamstag\tRewe\tDairy\tMilch\t1\teach\t1.234,56\tEUR\n")
            .write(toFile: tab, atomically: false, encoding: .utf8)
        let before = grock.home.snapshot()
        for (line, message) in [("import \(tab)", "\(tab): line 2, column 8 (price): \"1.234,56\" has a thousands separator"),
                                ("import \(tab) --delimiter ;", "\(tab): line 1: the header's fields are separated by a tab, not by \";\""),
                                ("import \(file) --delimiter +", "--delimiter takes , ; or tab, not \"+\"")] {
            let result = try grock.run(line)
            #expect(result.status == 2, "\(line): \(result.stderr)")
            #expect(result.stderr.hasPrefix("grock: \(message)"), "\(line): \(result.stderr)")
        }
        #expect(grock.home.snapshot() == before)
    }

    /// Names a spreadsheet would run as formulas leave with a ' in front and come back exactly.
    @Test func formulaLikeNamesAreNeutralisedInCSVAndComeBackExactly() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        for line in ["init", "store add @home", "category add +Extras", "item add =SUM(A1) --category +Extras --price 1.50 --store @home",
                     "item add -Milk --category Dairy --price 1.09 --store @home", "cart new =1+1 --item =SUM(A1) --item -Milk",
                     "trip start =1+1", "trip log =1+1 =SUM(A1)", "trip log =1+1 -Milk", "trip impulse =1+1 'tis --price 0.99",
                         "trip finish =1+1"] {
            try grock.ok(line)
        }
        let csv = try grock.ok("export --format csv")
        #expect(csv == """
            date,trip,store,category,item,quantity,unit,price,currency,cost
            2026-03-02,'=1+1,'@home,'+Extras,'=SUM(A1),1,each,1.50,EUR,1.50
            2026-03-02,'=1+1,'@home,Dairy,'-Milk,1,each,1.09,EUR,1.09
            2026-03-02,'=1+1,'@home,,''tis,1,each,0.99,EUR,0.99

            """)
        let file = grock.home.path + "/purchases.csv"
        try csv.write(toFile: file, atomically: false, encoding: .utf8)
        let other = try Grock()
        defer { other.home.remove() }
        try other.ok("import \(file)")
        #expect(try other.ok("export --format csv") == csv)
        let items = try #require(try other.json("item list") as? [[String: Any]]).compactMap { $0["name"] as? String }
        #expect(Set(items) == ["=SUM(A1)", "-Milk"])
        #expect(try other.ok("history").contains("=1+1"))
    }

    @Test func aBadRowFailsTheWholeImport() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        let file = grock.home.path + "/bad.csv"
        try """
            date,trip,store,category,item,quantity,unit,price,currency
            2026-03-01,Weekly,Aldi,Dairy,Milk,1,each,1.19,EUR
            2026-03-01,Weekly,Aldi,Dairy,Eggs,2,each,abc,EUR

            """.write(toFile: file, atomically: false, encoding: .utf8)
        let before = grock.home.snapshot()
        let result = try grock.run("import \(file)")
        #expect(result.status == 2)
        #expect(result.stderr
            == "grock: \(file): line 3, column 8 (price): \"abc\" is not a valid amount: write a non-negative number like 3.49; nothing "
            + "was imported\n")
        #expect(grock.home.snapshot() == before)
        #expect(try grock.run("import /nonexistent.csv").status == 2)
        #expect(try grock.run("export --format xml").status == 2)
    }

    /// A file that is not UTF-8 is refused at its first such line, not read with U+FFFD in its
    /// names; --encoding latin1 reads it. A row whose amount or quantity is too large is refused
    /// with its line too. Refused imports change nothing.
    @Test func aFileThatIsNotUTF8IsRefusedUnlessLatin1IsAskedFor() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        let file = grock.home.path + "/latin1.csv"
        let bytes = Array(
            "date,trip,store,category,item,quantity,unit,price,currency\n2026-03-01,Weekly,Aldi,Dairy,Milk,1,each,1.19,EUR\n".utf8)
            + Array("2026-03-01,Weekly,Aldi,Dairy,Cr".utf8) + [0xE8] + Array("me fra".utf8) + [0xEE] + Array("che,1,each,1.89,EUR\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        let before = grock.home.snapshot()
        let refused = try grock.run("import \(file)")
        #expect(refused.status == 2)
        #expect(refused.stderr
            == "grock: \(file): line 3: not valid UTF-8; if the file is Latin-1, read it as Latin-1; nothing was imported (--encoding "
            + "latin1)\n")
        #expect(grock.home.snapshot() == before)
        #expect(try grock.ok("import \(file) --encoding latin1").hasPrefix("Imported 2 purchases in 1 trip;"))
        #expect(try grock.ok("item show crème|fraîche").contains("Crème fraîche"))

        let expensive = grock.home.path + "/expensive.csv"
        for (quantity, price) in [("2", "92233720368547758.07"), ("99999999999999999999", "1.00")] {
            try """
                date,trip,store,category,item,quantity,unit,price,currency
                2026-03-05,Big,Aldi,Dairy,Milk,1,each,1.19,EUR
                2026-03-05,Big,Aldi,Dairy,Gold,\(quantity),each,\(price),EUR

                """.write(toFile: expensive, atomically: true, encoding: .utf8)
            let after = grock.home.snapshot()
            let overflow = try grock.run("import \(expensive)")
            #expect(overflow.status == 2)
            #expect(overflow.stderr.hasPrefix("grock: \(expensive): line 3, column \(quantity == "2" ? "8 (price)" : "6 (quantity)"): "),
                "\(overflow.stderr)")
            #expect(overflow.stderr.hasSuffix("; nothing was imported\n"), "\(overflow.stderr)")
            #expect(grock.home.snapshot() == after)
        }
    }

    /// Latin-1 reads bytes 0x80-0x9F as C1 control characters (0x9B is a terminal's CSI): a
    /// name with one is refused like any control character, and the error shows it escaped.
    @Test func aControlCharacterReadAsLatin1IsRefusedAndShownEscaped() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        let file = grock.home.path + "/hostile.csv"
        try Data(Array("date,trip,store,category,item,quantity,unit,price,currency\n2026-03-01,W,Aldi,Dairy,G".utf8) + [0x9B]
                 + Array("31mum,1,each,1.19,EUR\n".utf8)).write(to: URL(fileURLWithPath: file))
        let before = grock.home.snapshot()
        let result = try grock.run("import \(file) --encoding latin1")
        #expect(result.status == 2)
        #expect(result.stderr.contains("line 2: \"G\\u{9b}31mum\""), "\(result.stderr.debugDescription)")
        #expect(result.stderr.contains("control characters"), "\(result.stderr.debugDescription)")
        #expect(!result.stderr.unicodeScalars.dropLast().contains { $0.properties.generalCategory == .control })
        #expect(grock.home.snapshot() == before)
    }

    @Test func theLedgerJournalBalancesInHledgerAndLedgerWithInsightsTotals() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.withHistory()
        var next = grock
        next.environment["GROCK_NOW"] = "2026-04-03T18:00:00+02:00"
        for line in ["cart new April --budget 3 --item Bread --item Milk", "trip start April", "trip log April Bread --price 2.59",
                     "trip log April Milk", "trip finish April"] { try next.ok(line) }
        let journal = grock.home.path + "/grock.journal"
        try next.ok("export --format ledger --output \(journal)")
        let insights = try #require(try next.json("insights") as? [String: Any])
        let months = try #require(insights["byMonth"] as? [[String: Any]]).map { "\($0["label"]!) \($0["amount"]!)" }
        #expect(months == ["2026-03 4.64", "2026-04 3.78"])
        if let hledger = externalTool("hledger") {
            let result = try runTool(hledger, ["-f", journal, "reg", "expenses", "-M", "--depth", "1", "-O", "csv"])
            #expect(result.status == 0)
            let rows = result.output.split(separator: "\n").dropFirst().map {
                $0.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) } }
            #expect(rows.map { "\($0[1].prefix(7)) \($0[5].replacingOccurrences(of: " EUR", with: ""))" } == months)
        }
        if let ledger = externalTool("ledger") {
            let result = try runTool(ledger,
                ["-f", journal, "-M", "--depth", "1", "-F", "%(format_date(date, \"%Y-%m\")) %(quantity(scrub(display_amount)))\n",
                                              "reg", "expenses"])
            #expect(result.status == 0)
            #expect(result.output.split(separator: "\n").map(String.init) == months)
        }
    }
}
