import Foundation
import Testing

/// Units, packs and price warnings from the command line.
@Suite(.serialized) struct UnitCommandTests {
    /// The unit an item is sold by is known before any price is (docs/DOMAIN.md): cart lines
    /// count in it.
    @Test func anItemAddedWithAUnitAndNoPriceIsSoldByIt() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        try grock.ok("item add Cherries --category Produce --unit kg")
        #expect(try grock.ok("cart add Weekly Cherries --qty 0.5").contains("Cherries  0.5 kg"))
    }

    @Test func aLineInGramsOfAPackedItemCostsWhatThePacksCost() throws {
        let grock = try Grock()
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
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        let before = try grock.ok("--json cart show Weekly")
        for (line, message) in [
            ("cart add Weekly Milk --unit kg", "\"Milk\" is counted in each on this cart; kg and each measure different things"),
            ("cart set Weekly Bananas --unit each", "\"Bananas\" is counted in kg on this cart; each and kg measure different things"),
            ("cart set Weekly Bananas --qty 3 --unit each",
                "\"Bananas\" is priced per kg at \"Aldi\"; a quantity in each cannot be priced that way"),
            ("cart set Weekly Bananas --unit lb", "1.5 kg has no exact equivalent in lb"),
            ("item price Milk --store Aldi --price 1 --pack 250furlongs", "\"furlongs\" is not a unit of weight, volume or count"),
            ("item price Milk --store Aldi --price 1 --pack 0g", "is not a pack size"),
            ("item price Milk --store Aldi --price 1 --unit kg --pack 1l", "--unit and --pack cannot be used together"),
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
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        let typo = try grock.run("item price Milk --store Aldi --price 10.90")
        #expect(typo.status == 0)
        #expect(typo.stderr
            == "grock: warning: \"Milk\" at \"Aldi\": 10.90/each is more than 3 times the last price there (1.09/each on 2026-03-02); "
            + "recorded anyway\n")
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
