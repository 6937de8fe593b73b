@testable import DataLayer
import Testing

/// The one reader of a segment's end line, over the tails a replicator or a forger leaves.
@Suite struct SegmentEndLineTests {
    static let hex = "0123456789abcdef"

    /// (what the tail is, its text, what is found)
    static let cases: [(String, String, SegmentEndLine.Found)] = [
        ("an end line after a line", "x\nend\t3\t\(hex)\n", .line(SegmentEndLine(count: 3, checksum: hex), start: 2)),
        ("the longest end line, nothing more", "\nend\t\(Int.max)\t\(hex)\n", .line(SegmentEndLine(count: .max, checksum: hex), start: 1)),
        ("no line break at the end", "x\nend\t3\t\(hex)", .missing),
        ("nothing", "", .missing),
        ("a line break alone", "\n", .missing),
        ("no line break before it", "end\t3\t\(hex)\n", .missing),
        ("a version line last", "x\nstore/s1\t0\t0\t-\t{}\n", .missing),
        ("a word that begins like end", "x\nendless\t3\t\(hex)\n", .missing),
        ("too long to be one", "x\nend\t\(String(repeating: "0", count: 40))3\t\(hex)\n", .missing),
        ("short: no checksum", "x\nend\t3\n", .malformed),
        ("short: end and a tab", "x\nend\t\n", .malformed),
        ("an extra field", "x\nend\t3\t\(hex)\tx\n", .malformed),
        ("bad hex: a capital", "x\nend\t3\t0123456789ABCDEF\n", .malformed),
        ("bad hex: not a digit", "x\nend\t3\t0123456789abcdeg\n", .malformed),
        ("bad hex: 15 digits", "x\nend\t3\t0123456789abcde\n", .malformed),
        ("wrong count: negative", "x\nend\t-1\t\(hex)\n", .malformed),
        ("wrong count: a sign", "x\nend\t+3\t\(hex)\n", .malformed),
        ("wrong count: empty", "x\nend\t\t\(hex)\n", .malformed),
        ("wrong count: a word", "x\nend\tthree\t\(hex)\n", .malformed),
        ("wrong count: past Int.max", "x\nend\t9999999999999999999\t\(hex)\n", .malformed),
    ]

    @Test(arguments: 0..<cases.count)
    func anEndLineIsFoundOnlyWhereGrockWritesOne(index: Int) {
        let (name, text, found) = Self.cases[index]
        #expect(SegmentEndLine.find(in: Array(text.utf8)) == found, "\(name)")
    }

    /// It looks no further back than `tailLength`, whatever comes before; so the last bytes read
    /// alone say what the whole file says.
    @Test func itLooksOnlyAtTheTail() {
        let line = "\nend\t\(Int.max)\t\(Self.hex)\n"
        #expect(line.utf8.count == SegmentEndLine.tailLength)
        let whole = Array((String(repeating: "x\n", count: 1_000) + line).utf8)
        #expect(SegmentEndLine.find(in: whole) == .line(SegmentEndLine(count: .max, checksum: Self.hex),
            start: whole.count - line.utf8.count + 1))
        #expect(SegmentEndLine.find(in: Array(whole.suffix(SegmentEndLine.tailLength))) == .line(SegmentEndLine(count: .max,
            checksum: Self.hex), start: 1))
        let written = Segment(household: "h", device: "d", number: 0, after: [:], isSnapshot: false, versions: []).encoded
        guard case .line(let end, _) = SegmentEndLine.find(in: written.bytes) else { Issue.record("no end line in \(written)"); return }
        #expect(end == SegmentEndLine(count: 0, checksum: written.checksum))
    }
}
