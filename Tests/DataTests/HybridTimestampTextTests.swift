@testable import DataLayer
import Domain
import Testing

/// A stamp's text as segments hold it: what is written reads back, and nothing else reads.
@Suite struct HybridTimestampTextTests {
    @Test(arguments: [HybridTimestamp(milliseconds: 1_790_000_000_000, counter: 0, device: "b"),
                      HybridTimestamp(milliseconds: 1_790_000_000_000, counter: 12, device: "a"),
                      HybridTimestamp(milliseconds: 5, counter: 9999, device: "phone-1"),
                      HybridTimestamp(milliseconds: HybridTimestamp.largestMilliseconds, counter: 1, device: "host.local:A_9"), .zero])
    func aWrittenStampReadsBack(_ stamp: HybridTimestamp) {
        #expect(HybridTimestamp(Substring(stamp.description)) == stamp)
    }

    @Test(arguments: ["", "1", "00", "0001790000000000.0000.", "001790000000000.0000.a", "00001790000000000.0000.a",
        "0001790000000000.000x.a",
                      "0001790000000000-0000.a", "0001790000000000.0000", "0001790000000000.0000a", "0001790000000000.00000.a",
                      "000179000000000x.0000.a", "0001790000000000.0000.a b", "0001790000000000.0000.é", "+001790000000000.0000.a"])
    func anythingElseIsNoStamp(_ text: String) {
        #expect(HybridTimestamp(Substring(text)) == nil)
    }
}
