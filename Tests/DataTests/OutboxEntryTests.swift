@testable import DataLayer
import Domain
import Testing

/// Outbox entries as Grock has always written them: each reads as the same kind of entry and
/// writes back byte for byte (a merge's repair has been `undoes<TAB>-1` since it was written).
@Suite struct OutboxEntryTests {
    @Test(arguments: [("", OutboxEntry.Kind.change), ("undoes\t7\n", .undo(of: 7)), ("undoes\t-1\n", .repair)])
    func anEntryWrittenBeforeReadsAsItsKindAndWritesTheSameBytes(undoesLine: String, kind: OutboxEntry.Kind) throws {
        let text = "grock-outbox\t1\nstamp\t0001790000000000.0003.laptop\nsummary\t\"set the price of Milk\"\n" + undoesLine
            + "price/milk/aldi\ts1790000000\t{\"amount\":200}\t-\t-\n"
        let entry = try OutboxEntry(Array(text.utf8), sequence: 9, path: "outbox/9.tsv")
        #expect(entry.kind == kind)
        #expect(try entry.bytes == Array(text.utf8))
    }
}
