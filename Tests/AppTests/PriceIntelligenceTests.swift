import Foundation
import Testing

@Suite struct PriceIntelligenceTests {
    @Test func pricesShowsStoresAndHistory() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        let text = try grock.ok("prices milk")
        #expect(text.contains("*  Aldi   1.09/each   1.09/each  2026-03-02"))
        #expect(text.contains("Price history of Milk (EUR)"))
        let document = try #require(try grock.json("prices Milk") as? [String: Any])
        #expect((document["history"] as? [Any])?.count == 2)
        #expect(((document["item"] as? [String: Any])?["prices"] as? [Any])?.count == 2)
    }

    @Test func planFindsTheCheapestStoresAndAppliesOnRequest() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        try grock.ok("cart set Weekly Milk --store Lidl")
        let text = try grock.ok("plan Weekly")
        #expect(text.contains("Saving      0.10 EUR  against 6.66 in the current plan"))
        #expect(text.contains("Nothing changed; add --apply"))
        let limited = try #require(try grock.json("plan Weekly --max-stores 1") as? [String: Any])
        #expect(limited["stores"] as? [String] == ["Lidl"])   // Aldi or Lidl each leave one line out; Lidl costs less
        #expect(limited["notCovered"] as? [String] == ["Bananas"])
        try grock.ok("plan Weekly --apply")
        #expect(try grock.ok("cart show Weekly").contains("planned 6.56 of 20.00"))
        #expect(try grock.run("plan Weekly --max-stores 0").status == 2)
        try grock.ok("trip start Weekly")
        try grock.ok("trip log Weekly Milk")
        try grock.ok("trip finish Weekly")
        #expect(try grock.run("plan Weekly").status == 1)
    }
}
