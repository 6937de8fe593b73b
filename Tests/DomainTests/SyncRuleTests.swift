import Domain
import Testing

/// The hybrid clock and the merge rules: pure, so every device computes the same.
@Suite struct SyncRuleTests {
    func stamp(_ milliseconds: Int64, _ counter: Int32 = 0, _ device: String = "a") -> HybridTimestamp {
        HybridTimestamp(milliseconds: milliseconds, counter: counter, device: device)
    }

    @Test func timestampsSortAsTheirText() {
        let stamps = [stamp(1_790_000_000_000, 0, "b"), stamp(1_790_000_000_000, 12, "a"), stamp(5, 9999, "phone-1"), .zero]
        #expect(stamps.sorted() == stamps.sorted { $0.description < $1.description })
    }

    @Test func aClockNeverGoesBackAndRunsAheadOfWhatItSaw() {
        var clock = HybridClock(device: "a")
        let first = clock.tick(now: 1000)
        let second = clock.tick(now: 900)  // the wall clock stepped back
        #expect(second > first && second.milliseconds == 1000 && second.counter == 1)
        clock.receive(stamp(5000, 3, "b"))  // another device's clock is ahead
        let third = clock.tick(now: 1200)
        #expect(third > stamp(5000, 3, "b") && third.device == "a")
        #expect(clock.tick(now: 9000) == stamp(9000, 0, "a"))
    }

    @Test func theLatestVersionWinsWhateverTheOrder() {
        let versions = [VersionFacts(stamp: stamp(3), replaces: .zero), VersionFacts(stamp: stamp(7, 0, "b"), replaces: .zero),
                        VersionFacts(stamp: stamp(7, 0, "a"), replaces: .zero)]
        for order in [[0, 1, 2], [2, 1, 0], [1, 0, 2, 1]] {
            let arranged = order.map { versions[$0] }
            #expect(arranged[SyncRule.latest.winner(arranged)!] == versions[1])
        }
        #expect(SyncRule.latest.winner([]) == nil)
    }

    @Test func thePriceSeenLastWinsEvenWhenEnteredFirst() {
        let lastWeek = VersionFacts(stamp: stamp(100), replaces: .zero, seen: 1_000)
        let oldReceiptToday = VersionFacts(stamp: stamp(200), replaces: stamp(100), seen: 500)
        #expect(SyncRule.newestSeen.winner([lastWeek, oldReceiptToday]) == 0)
        let sameDay = VersionFacts(stamp: stamp(300), replaces: .zero, seen: 1_000)
        #expect(SyncRule.newestSeen.winner([lastWeek, sameDay, oldReceiptToday]) == 1)
    }

    @Test func aBoughtLineStaysBoughtAgainstWhatDidNotKnowOfThePurchase() {
        let bought = VersionFacts(stamp: stamp(10, 0, "a"), replaces: .zero, isBought: true)
        // Removed on b at the same time (later clock, but b had not seen the purchase).
        let removed = VersionFacts(stamp: stamp(11, 0, "b"), replaces: .zero)
        #expect(SyncRule.boughtStays.winner([bought, removed]) == 0)
        #expect(SyncRule.boughtStays.winner([removed, bought]) == 1)
        // Unticked after seeing it bought: unticked.
        let unticked = VersionFacts(stamp: stamp(12, 0, "a"), replaces: stamp(10, 0, "a"))
        #expect(SyncRule.boughtStays.winner([bought, removed, unticked]) == 2)
        // Bought again elsewhere without seeing the untick: bought.
        let boughtAgain = VersionFacts(stamp: stamp(13, 0, "c"), replaces: stamp(10, 0, "a"), isBought: true)
        #expect(SyncRule.boughtStays.winner([unticked, boughtAgain, bought, removed]) == 1)
        // No purchase at all: the latest.
        #expect(SyncRule.boughtStays.winner([removed, VersionFacts(stamp: stamp(5), replaces: .zero)]) == 0)
    }
}
