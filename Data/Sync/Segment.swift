import Domain

/// A file of one device's changes in the household folder, `devices/DEVICE/NNNNNNNN.seg`:
///
///     grock-sync-segment  1
///     household HOUSEHOLD            (a segment of another household is refused)
///     device    DEVICE
///     number    N
///     after     OTHER=5,THIRD=2      (what the device had applied: this segment comes after them)
///     snapshot  0 | 1                (1: the household's data whole, the start of every device)
///     VERSION LINES                  (`SyncVersion.line`)
///     end       COUNT  CHECKSUM       (of every byte before this line)
///
/// Written once under a temporary name and renamed, never changed. A file without its end
/// line is still arriving (a replicator copying it) and is waited for; one whose end line does
/// not match what it follows is damaged, reported, and never applied in part.
struct Segment: Equatable {
    let household: String
    let device: String
    let number: Int
    let after: [String: Int]
    let isSnapshot: Bool
    var versions: [SyncVersion]

    /// The versions, taken out: applied one by one, a join's start need not be held twice.
    mutating func takeVersions() -> [SyncVersion] {
        defer { versions = [] }
        return versions
    }

    static let header = "grock-sync-segment\t1"

    enum Reading: Equatable {
        case complete(Segment)
        /// Still being copied: read again later.
        case incomplete
        case damaged(String)
    }

    static func fileName(_ number: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, 8 - digits.count)) + digits + ".seg"
    }

    /// The number of a segment's file: `NNNNNNNN.seg`, or a conflict copy a replicator made of
    /// it when two writers wrote that name (Syncthing's `NNNNNNNN.sync-conflict-DATE-TIME-ID.seg`,
    /// a cloud drive's `NNNNNNNN (conflicted copy ...).seg`); nil for any other name.
    static func number(ofFile name: String) -> Int? {
        let bytes = Array(name.utf8)
        guard name.hasSuffix(".seg"), bytes.count >= 12, bytes.count <= 255,
              bytes[..<8].allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        guard bytes.count == 12 || bytes[8] == 0x2E || bytes[8] == 0x20 else { return nil }
        return Int(String(decoding: bytes[..<8], as: UTF8.self))
    }

    /// Whether a file of a segment is a replicator's conflict copy rather than the segment's own name.
    static func isConflictCopy(_ name: String) -> Bool { number(ofFile: name) != nil && name.utf8.count != 12 }

    /// The file's bytes, and the checksum its end line holds.
    var encoded: (bytes: [UInt8], checksum: String) {
        let afterText = after.isEmpty ? "-" : after.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
        var text = "\(Segment.header)\nhousehold\t\(household)\ndevice\t\(device)\nnumber\t\(number)\n"
            + "after\t\(afterText)\nsnapshot\t\(isSnapshot ? 1 : 0)\n"
        for version in versions { text += version.line + "\n" }
        var bytes = Array(text.utf8)
        let end = SegmentEndLine(count: versions.count, checksum: Checksum.hex(of: bytes))
        bytes += Array(end.text.utf8)
        return (bytes, end.checksum)
    }

    init(household: String, device: String, number: Int, after: [String: Int], isSnapshot: Bool, versions: [SyncVersion]) {
        self.household = household
        self.device = device
        self.number = number
        self.after = after
        self.isSnapshot = isSnapshot
        self.versions = versions
    }

    /// Reads a segment file's bytes, expected to be `device`'s number `number`, handing each
    /// version to `each` (with the segment's header)
    /// instead of holding them: a household's start holds a version per thing of the household.
    /// `.complete` then holds no versions; on `.damaged`, what `each` was given must be dropped.
    static func read(_ bytes: [UInt8], household: String, device: String, number: Int, each: (Segment, SyncVersion) -> Void) -> Reading {
        let head = Array(header.utf8)
        guard bytes.count > head.count else {
            return bytes == Array(head.prefix(bytes.count)) ? .incomplete : .damaged("it is not a Grock segment")
        }
        guard Array(bytes.prefix(head.count)) == head else { return .damaged("it is not a Grock segment") }
        let end: SegmentEndLine, start: Int
        switch SegmentEndLine.find(in: bytes) {
        case .missing: return .incomplete
        case .malformed: return .damaged("its end line cannot be read")
        case .line(let line, let at): (end, start) = (line, at)
        }
        let count = end.count
        // Read in place: a join's segment holds every thing of the household, and copies of it
        // were most of a join's memory.
        return bytes.withByteReader(path: "") { file in
            let content = file.bytes(clamping: 0..<start)
            guard end.checksum == Checksum.hex(of: content) else { return .damaged("its checksum does not match its content") }
            func text(_ line: Range<Int>) -> Substring { Substring(content[line].string) }
            // The lines are checked against the count as they are found, never indexed first:
            // a forged file of countless empty lines, or of more lines than it says, is refused
            // at its first empty line or at the line past its count, in memory it does not grow.
            var meta: [Substring] = []
            var found = 0, position = 0, versionsStart = start
            while let end = file.firstIndex(of: 0x0A, from: position, to: start) {
                guard end > position else { return .damaged("its line \(found + 1) is empty") }
                // Compared without adding to a count the file chose (it could be near Int.max).
                guard found - 6 < count else { return .damaged("it holds more than the \(max(count, 0)) changes it says") }
                if meta.count < 6 { meta.append(text(position..<end)) }
                found += 1
                position = end + 1
                if found == 6 { versionsStart = position }
            }
            guard found >= 6, count == found - 6 else { return .damaged("it holds \(max(found - 6, 0)) changes where it says \(count)") }
            // The versions, read one at a time as `each` takes them.
            let versionLines = sequence(state: versionsStart) { position -> Substring? in
                guard let end = file.firstIndex(of: 0x0A, from: position, to: start) else { return nil }
                defer { position = end + 1 }
                return text(position..<end)
            }
            return read(header: meta, lines: versionLines, household: household, device: device, number: number, each: each)
        }
    }

    private static func read(header meta: [Substring], lines: some Sequence<Substring>,
                             household: String, device: String, number: Int, each: (Segment, SyncVersion) -> Void) -> Reading {
        // The whole first line, not its start: `grock-sync-segment\t12` is another format.
        guard meta[0] == header else { return .damaged("its format is not this Grock's (\(Echo.escaped(String(meta[0].prefix(40)))))") }
        guard meta[1] == "household\t\(household)" else { return .damaged("it is another household's") }
        guard meta[2] == "device\t\(device)" else { return .damaged("it is not \(device)'s") }
        guard meta[3] == "number\t\(number)" else { return .damaged("it says it is number \(meta[3].dropFirst(7)), not \(number)") }
        guard meta[4].hasPrefix("after\t"),
              meta[5] == "snapshot\t0" || meta[5] == "snapshot\t1" else { return .damaged("its header cannot be read") }
        var after: [String: Int] = [:]
        if meta[4] != "after\t-" {
            for pair in meta[4].dropFirst(6).split(separator: ",") {
                let parts = pair.split(separator: "=")
                // A device's id and a segment number, as Grock writes them: anything else would be
                // carried into this device's index and its snapshots.
                guard parts.count == 2, Identifier.isValid(String(parts[0])), let value = Int(parts[1]), value >= -1, value <= 99_999_999,
                      after.updateValue(value, forKey: String(parts[0])) == nil else { return .damaged("its header cannot be read") }
            }
        }
        let segment = Segment(household: household, device: device, number: number, after: after, isSnapshot: meta[5] == "snapshot\t1",
                              versions: [])
        for line in lines {
            guard let version = SyncVersion(line: line) else { return .damaged("a change in it cannot be read") }
            each(segment, version)
        }
        return .complete(segment)
    }
}
