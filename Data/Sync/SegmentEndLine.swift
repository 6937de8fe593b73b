/// A segment's last line, `end TAB COUNT TAB CHECKSUM`: how many versions the segment says it
/// holds and the checksum of every byte before the line. One reader for the two places that look
/// for it, a segment read whole (`Segment.read`) and its last bytes read alone
/// (`HouseholdFolder.checksum`), so they agree on what an end line is.
struct SegmentEndLine: Equatable {
    /// The versions the segment says it holds (any count the file chose: checked by `Segment.read`).
    let count: Int
    /// `Checksum.hex` of every byte before the line: 16 lowercase hex digits.
    let checksum: String

    /// How far from a segment's end `find` looks: the longest end line (a count of 19 digits,
    /// `Int.max`) with the line breaks after and before it.
    static let tailLength = 3 + 1 + 19 + 1 + 16 + 2

    /// What the end of a segment's bytes says.
    enum Found: Equatable {
        /// The end line, starting at `start` in the bytes it was found in (for a whole segment:
        /// the length of the content it seals).
        case line(SegmentEndLine, start: Int)
        /// No end line yet: the bytes end with no line break, or with a line that is not one
        /// (a file still being copied, or one too long to be an end line).
        case missing
        /// A last line that begins as an end line but whose count or checksum Grock never writes.
        case malformed
    }

    /// The line as a segment ends with it, line break included.
    var text: String { "end\t\(count)\t\(checksum)\n" }

    init(count: Int, checksum: String) {
        self.count = count
        self.checksum = checksum
    }

    /// Reads the end line `bytes` end with (a whole segment or its last bytes), looking no
    /// further back than `tailLength` bytes.
    static func find(in bytes: [UInt8]) -> Found {
        guard bytes.last == 0x0A else { return .missing }
        let body = bytes[max(bytes.count - tailLength, 0)..<(bytes.count - 1)]
        guard let newline = body.lastIndex(of: 0x0A) else { return .missing }
        let fields = bytes[(newline + 1)..<(bytes.count - 1)].split(separator: 0x09, omittingEmptySubsequences: false)
        guard fields.first?.elementsEqual("end".utf8) == true, fields.count > 1 else { return .missing }
        guard fields.count == 3, (1...19).contains(fields[1].count), fields[1].allSatisfy({ (0x30...0x39).contains($0) }),
              let count = Int(String(decoding: fields[1], as: UTF8.self)),
              fields[2].count == 16,
              fields[2].allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else { return .malformed }
        return .line(SegmentEndLine(count: count, checksum: String(decoding: fields[2], as: UTF8.self)), start: newline + 1)
    }
}
