import Foundation
import Testing

/// Units, packs and price warnings from the command line.
@Suite(.serialized) struct UnitCommandTests {
    @Test func aLineInGramsOfAPackedItemCostsWhatThePacksCost() throws {
        let grock = Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        try grock.ok("item add Coffee --category Pantry --price 2.29 --store Aldi --pack 250g")
        try grock.ok("item price Coffee --store Lidl --price 8.49 --unit kg")
        let item = try grock.ok("item show Coffee")
        #expect(item.contains("2.29/pack of 250 g     9.16/kg"))
        #expect(item.contains("* cheapest per kg"))
        let cart = try grock.ok("cart add Weekly Coffee --qty 250 --unit g --store Aldi")
        #expect(cart.contains("Coffee   250 g   x 2.29/pack of 250 g  2.29"))
        let moved = try grock.ok("cart set Weekly Coffee --store Lidl")
        #expect(moved.contains("250 g   x 8.49/kg"))                    // 0.25 × 8.49 = 2.1225
        #expect(moved.contains("2.12"))
        let json = try grock.ok("--json cart show Weekly")
        #expect(json.contains("\"pricePer\" : \"kg\"") && json.contains("\"unit\" : \"g\""))
        #expect(try grock.ok("cart set Weekly Bananas --unit g").contains("Bananas  1500 g"))
    }

    @Test func unitsThatDoNotConvertAreRefusedAndChangeNothing() throws {
        let grock = Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        let before = try grock.ok("--json cart show Weekly")
        for (line, message) in [
            ("cart add Weekly Milk --unit kg", "\"Milk\" is counted in each on this cart; kg and each measure different things"),
            ("cart set Weekly Bananas --unit each", "\"Bananas\" is counted in kg on this cart; each and kg measure different things"),
            ("cart set Weekly Bananas --qty 3 --unit each", "\"Bananas\" is priced per kg at \"Aldi\"; a quantity in each cannot be priced that way"),
            ("cart set Weekly Bananas --unit lb", "1.5 kg has no exact equivalent in lb"),
            ("item price Milk --store Aldi --price 1 --pack 250furlongs", "\"furlongs\" is not a unit of weight, volume or count"),
            ("item price Milk --store Aldi --price 1 --pack 0g", "is not a pack size"),
            ("item price Milk --store Aldi --price 1 --unit kg --pack 1l", "a pack size goes with a price per pack"),
        ] {
            let result = try grock.run(line)
            // A clash of units is refused by a rule (1); a quantity or pack that cannot be read is a usage error (2).
            #expect(result.status == (line.hasPrefix("cart") && !line.hasSuffix("lb") ? 1 : 2), "\(line): \(result.status)")
            #expect(result.stderr.contains(message), "\(line): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(line): \(result.stderr)")
        }
        #expect(try grock.ok("--json cart show Weekly") == before)
    }

    @Test func aPriceThatLooksLikeASlipIsRecordedWithAWarning() throws {
        let grock = Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        let typo = try grock.run("item price Milk --store Aldi --price 10.90")
        #expect(typo.status == 0)
        #expect(typo.stderr == "grock: warning: \"Milk\" at \"Aldi\": 10.90/each is more than 3 times the last price there (1.09/each on 2026-03-02); recorded anyway\n")
        let forgot = try grock.ok("item forget-price Milk --store Aldi")
        #expect(forgot.contains("1.09/each"))
        #expect(try grock.ok("undo").contains("Undid: forgot the price of Milk at Aldi seen on 2026-03-02 (10.90/each)."))
        try grock.ok("item forget-price Milk --store Aldi")
        #expect(!(try grock.ok("prices Milk")).contains("10.90"))
        let none = try grock.run("item forget-price Milk --store Aldi --date 2026-01-01")
        #expect(none.status == 1 && none.stderr == "grock: no price of \"Milk\" at \"Aldi\" was recorded on 2026-01-01\n")
        let grams = try grock.run("item add Apples --category Produce --price 2.29 --store Aldi --unit g")
        #expect(grams.status == 0)
        #expect(grams.stderr.contains("2.29/g (2290.00/kg) is more than groceries cost; was it 2.29/kg?"))
        try grock.ok("trip start Weekly")
        let paid = try grock.run("trip log Weekly Bread --price 24.90")
        #expect(paid.status == 0 && paid.stderr.contains("24.90/each is more than 3 times the last price there (2.49/each"))
        // JSON output stays a document on stdout; the warning goes to stderr.
        let json = try grock.run("--json item price Milk --store Aldi --price 10.90")
        #expect(json.status == 0 && json.stdout.hasPrefix("{") && json.stderr.contains("more than 3 times"))
    }
}

@Suite(.serialized) struct HintAndPipeTests {
    /// A command shown to be copied quotes a name for the shell, so pasting it never runs code.
    @Test func hintsQuoteNamesForTheShell() throws {
        let grock = Grock()
        defer { grock.home.remove() }
        try grock.ok("init")
        let shown = try grock.ok("cart new $(touch|pwned)")
        #expect(shown.contains("grock cart add '$(touch pwned)' ITEM"))
        try grock.ok("cart new it's")
        #expect(try grock.ok("cart show it's").contains("grock cart add 'it'\\''s' ITEM"))
    }

    /// A saved change whose output meets a closed pipe still exits 0, with a warning; a
    /// command that only shows something fails with exit 3.
    @Test func aClosedPipeIsAnOutputThatCannotBeWritten() throws {
        let grock = Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        let (stdout, stderr) = try bash("\"$0\" --data-dir \"$1\" item add Foo --category Dairy | (exec 0<&-; sleep 0.5); echo \"status ${PIPESTATUS[0]}\"", grock)
        #expect(stdout == "status 0\n", "\(stderr)")
        #expect(stderr.contains("warning: the change was saved") && stderr.contains("Broken pipe"))
        #expect(try grock.ok("item show Foo").contains("Foo"))
    }
}

@Suite(.serialized) struct SecondRoundCommandTests {
    /// A hint for a name that starts with `-` puts `--` first; a long one is never broken
    /// inside its quotes when it fits a line.
    @Test func hintsWorkForNamesThatLookLikeOptions() throws {
        let grock = Grock()
        defer { grock.home.remove() }
        try grock.ok("init")
        let shown = try grock.run(arguments: ["cart", "new", "--", "--y"])
        #expect(shown.stdout.contains("grock cart add -- --y ITEM"))
        let long = try grock.run(arguments: ["cart", "new", "$(touch /tmp/x/PWNED) again"])
        #expect(long.stdout.contains("grock cart add '$(touch /tmp/x/PWNED) again' ITEM"))
    }

    @Test func aSavedChangesWarningIsJSONWithJSON() throws {
        let grock = Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        let (stdout, stderr) = try bash("\"$0\" --json --data-dir \"$1\" item add Foo --category Dairy > /dev/full; echo \"status $?\"", grock)
        #expect(stdout == "status 0\n")
        #expect(stderr.hasPrefix("{\"warning\":{\"message\":\"the change was saved, but the command could not finish: "), "\(stderr)")
    }
}

/// Runs `script` in bash with the grock binary as `$0` and `grock`'s data directory as `$1`, for
/// what needs a shell around grock (a pipe closed early, a full device).
func bash(_ script: String, _ grock: Grock) throws -> (stdout: String, stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", script, Grock.executable.path, grock.dataDirectory]
    process.environment = ["GROCK_NOW": "2026-03-02T10:00:00+01:00", "PATH": "/usr/bin:/bin"]
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (stdout, stderr)
}
