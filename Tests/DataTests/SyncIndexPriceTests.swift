@testable import DataLayer
import Domain
import Testing

/// What an index keeps of a price (`SyncIndex.add`): its winner, and the best price of each of a
/// few other devices, which may win again once a price seen ahead is restamped.
@Suite struct SyncIndexPriceTests {
    /// Prices forged under thousands of device ids (a snapshot may carry any) are kept as a few
    /// devices' are: the list stays short, and adding them stays linear.
    @Test func pricesOfCountlessDevicesKeepAFew() throws {
        var index = SyncIndex(device: "phone")
        let key = SyncKey(.price, "milk", "aldi")
        for number in 0..<5_000 {
            let stamp = HybridTimestamp(milliseconds: 1_790_000_000_000 + Int64(number), counter: 0, device: "forged\(number)")
            let version = SyncVersion(key: key, stamp: stamp, replaces: .zero, isBought: false, seen: 1_790_000_000 - Int64(number),
                                      payload: "{}")
            _ = try index.add(version, base: { .absent })
        }
        let kept = try #require(index.versions[key])
        #expect(kept.count <= SyncIndex.devicesKept + 2, "\(kept.count) kept")
        // The winner is the price seen last (the first added); the others kept are the next best.
        #expect(index.winner(key)?.stamp.device == "forged0")
        #expect(Set(kept.map(\.stamp.device)).isSuperset(of: ["forged0", "forged1"]))
    }
}
