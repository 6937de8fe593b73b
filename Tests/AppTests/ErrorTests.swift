import Foundation
import Testing

@Suite struct ErrorTests {
    /// (command line, exit code, what stderr says)
    static let cases: [(String, Int32, String)] = [
        ("frobnicate", 2, "unknown command \"frobnicate\""),
        ("cart ad Weekly", 2, "did you mean cart add?"),
        ("cart show Weekly --colour", 2, "unknown option --colour"),
        ("cart add Weekly Milk --stor Aldi", 2, "unknown option --stor; did you mean --store?"),
        ("cart new Party --budget 5 --qty 2", 2, "grock cart new does not take --qty"),
        ("item price Milk --store Aldi --price abc", 2, "\"abc\" is not a valid amount"),
        ("item price Milk --store Aldi --price -1", 2, "\"-1\" is not a valid amount"),
        ("item price Milk --store Aldi --price 1e309", 2, "\"1e309\" is not a valid amount"),
        ("item price Milk --store Aldi --price 1.999", 2, "EUR has at most 2 decimals"),
        ("item price Milk --store Aldi --price 99999999999999999999", 2, "is more than the largest price, 1000000.00"),
        // Amounts and quantities are bounded where they are typed, so no figure drawn from them overflows.
        ("item price Milk --store Aldi --price 1000000.01", 2, "\"1000000.01\" is more than the largest price, 1000000.00"),
        ("item add X --category Dairy --price 999999999999 --store Aldi", 2, "is more than the largest price, 1000000.00"),
        ("cart new Big --budget 1000000.01", 2, "\"1000000.01\" is more than the largest budget, 1000000.00"),
        ("cart budget Weekly 2000000", 2, "\"2000000\" is more than the largest budget, 1000000.00"),
        ("cart add Weekly Milk --qty 9999999", 2, "\"9999999\" is more than the largest quantity, 100000"),
        ("cart set Weekly Milk --qty 100000.001", 2, "\"100000.001\" is more than the largest quantity, 100000"),
        ("cart add Weekly Milk --qty 100000", 2, "\"1 + 100000\" is more than the largest quantity, 100000"),
        ("cart add Weekly Milk --qty 0", 2, "\"0\" is not a valid quantity"),
        ("settings currency XYZ", 2, "\"XYZ\" is not a currency Grock knows (use an ISO code such as EUR, USD, GBP or JPY)"),
        ("init --currency eurp", 2, "\"eurp\" is not a currency Grock knows"),
        ("cart add Weekly", 2, "missing arguments"),
        ("item add --category Dairy", 2, "missing arguments"),
        ("item add | --category Dairy", 2, "an argument is empty"),
        ("item price Milk --store Aldi --price 1 --unit bushel", 2, "\"bushel\" is not a unit"),
        ("item price Milk --store Aldi --price 1 --promo --until 2026-02-30", 2, "is not a date"),
        ("cart show Nope", 1, "no cart named \"Nope\""),
        ("item show Mlik", 1, "did you mean \"Milk\"?"),
        ("item add milk --category Dairy", 1, "an item named \"Milk\" already exists"),
        ("trip log Weekly Milk --price 1", 1, "cart \"Weekly\" is still being planned; start the trip first"),
        ("trip finish Weekly", 1, "the trip for cart \"Weekly\" has not started"),
        ("trip reopen Weekly", 1, "is not completed, so there is nothing to reopen"),
        ("category remove Dairy", 1, "category \"Dairy\" still has 1 item"),
        ("reset", 2, "grock reset needs --yes"),
        // What a command's options declare is enforced before it runs (OptionUsage.check).
        ("item price Milk --store Aldi", 2, "grock item price needs --price P"),
        ("item price Milk --store Aldi --price 1 --until 2026-12-01", 2, "--until goes with --promo"),
        ("item add Bread --category Dairy --pack 250g", 2, "--pack goes with --price P and --store STORE"),
        ("item add Bread --category Dairy --store Aldi", 2, "--store goes with --price P"),
        ("item add Bread --category Dairy --price 1 --store Aldi --unit kg --pack 250g", 2, "--unit and --pack cannot be used together"),
        ("cart budget Weekly", 2, "grock cart budget needs AMOUNT or --none"),
        ("cart budget Weekly 80 --none", 2, "AMOUNT and --none cannot be used together"),
        ("item price Milk --store Aldi --price 1 --date 2027-01-01", 2, "\"2027-01-01\" is in the future"),
        ("item price Milk --store Aldi --price 1 --date yesterday", 2, "\"yesterday\" is not a date"),
        ("export --format csv --output", 2, "--output needs a value"),
        ("--data-dir /tmp/x --in-memory", 2, "cannot be used together"),
        ("--data-dir= cart show Weekly", 2, "--data-dir needs a directory, not an empty value"),
        // Which of two values was meant would be a guess; only --item repeats (cart new --item A --item B).
        ("cart add Weekly Milk --qty 1 --qty 2", 2, "--qty given twice"),
        ("cart set Weekly Milk --store Aldi --store=Lidl", 2, "--store given twice"),
        ("item price Milk --store Aldi --price 1 --price 2", 2, "--price given twice"),
        ("--data-dir /tmp/a --data-dir /tmp/b cart list", 2, "--data-dir given twice"),
        ("cart new Party --budget 5 --budget 6", 2, "--budget given twice"),
        // What was typed is quoted back with control characters escaped, and cut after 60.
        ("cart show \u{1B}]0;PWNED\u{7}", 1, "no cart named \"\\e]0;PWNED\\u{7}\""),
        ("cart show " + String(repeating: "x", count: 200), 1, "no cart named \"" + String(repeating: "x", count: 60) + "...\""),
        ("frob\u{1B}[2J", 2, "unknown command \"frob\\e[2J\""),
        ("cart show Weekly --\u{1B}[2J", 2, "unknown option --\\e[2j"),
        ("item price Milk --store Aldi --price 1\u{7}", 2, "\"1\\u{7}\" is not a valid amount"),
        ("insights --by \u{9B}31m", 2, "--by takes month, store or category, not \"\\u{9b}31m\""),
        ("import purchases.csv --encoding ebcdic", 2, "--encoding takes utf8 or latin1, not \"ebcdic\""),
        ("import backup.json --encoding latin1", 2, "--encoding latin1 is for csv files"),
    ]

    @Test(arguments: 0..<cases.count)
    func badInputGetsOneLineAndAnExitCodeAndChangesNothing(index: Int) throws {
        let (line, code, message) = Self.cases[index]
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        let before = grock.home.snapshot()
        let result = try grock.run(line)
        #expect(result.status == code, "grock \(line): \(result.stderr)")
        #expect(result.stderr.hasPrefix("grock: "), "grock \(line): \(result.stderr)")
        #expect(result.stderr.contains(message), "grock \(line): \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "grock \(line): \(result.stderr)")
        #expect(!result.stderr.dropLast().unicodeScalars.contains(where: isControl), "grock \(line): \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(grock.home.snapshot() == before, "grock \(line) changed files")
    }

    /// A clock silently left running would date a change wrongly for whoever meant to fix it.
    @Test func aMalformedGrockNowIsRefused() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        let before = grock.home.snapshot()
        for time in ["yesterday", "2026-03-02", "2026-13-02T10:00:00+01:00", "2026-03-02T10:00:00+01:00\u{1B}[2J"] {
            for line in ["trip start Weekly", "--in-memory cart list"] {
                let result = try grock.run(line, extra: ["GROCK_NOW": time])
                #expect(result.status == 2, "GROCK_NOW=\(time) grock \(line): \(result.stderr)")
                #expect(result.stderr.hasPrefix("grock: GROCK_NOW is \"") && result.stderr.contains("not an RFC 3339 time"),
                    "\(result.stderr)")
                #expect(result.stderr.split(separator: "\n").count == 1 && result.stdout.isEmpty)
                #expect(!result.stderr.dropLast().unicodeScalars.contains(where: isControl))
            }
        }
        #expect(grock.home.snapshot() == before)
        #expect(try grock.run("cart list", extra: ["GROCK_NOW": ""]).status == 0, "empty is unset")
    }

    @Test func ambiguousNamesAreRefusedWithTheCandidates() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        try grock.ok("trip start Weekly")
        try grock.ok("trip impulse Weekly milk --price 0.50 --store Aldi")   // an impulse line named like a vault line
        let before = grock.home.snapshot()
        let result = try grock.run("trip unlog Weekly MILK")
        #expect(result.status == 1)
        #expect(result.stderr.contains("\"MILK\" matches more than one item on cart \"Weekly\": Milk ("))
        #expect(grock.home.snapshot() == before)
    }

    @Test func storageProblemsExitThreeAndTouchNothing() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        let state = grock.dataDirectory + "/state.tsv"
        for damaged in ["grock-state\t4\nF\t", "grock-state\t4\nF\tvault-1.tsv\t\t0\t1\t1\nQ\n", "grock-state\t9\n"] {
            try damaged.write(toFile: state, atomically: false, encoding: .utf8)
            let before = grock.home.snapshot()
            for line in ["cart show Weekly", "store add Rewe", "undo", "doctor"] {
                let result = try grock.run(line)
                #expect(result.status == 3, "grock \(line): \(result.stderr)")
                #expect(result.stderr.contains("state.tsv") || line == "doctor", "grock \(line): \(result.stderr)")
            }
            #expect(grock.home.snapshot() == before)
        }
        #expect(try grock.run("cart show Weekly").stderr.contains("a newer Grock wrote it; upgrade grock"))
    }

    @Test func aBusyDirectoryIsReported() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        let fd = open(grock.dataDirectory + "/lock", O_RDWR)
        defer { close(fd) }
        #expect(flock(fd, LOCK_EX) == 0)
        let result = try grock.run("store add Rewe", extra: ["GROCK_LOCK_TIMEOUT_MS": "200"])
        #expect(result.status == 3)
        #expect(result.stderr.contains("is busy: another process of Grock is using it"))
    }
}
