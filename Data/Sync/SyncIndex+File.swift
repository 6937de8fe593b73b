import Domain

/// `sync/index-N.tsv`, the file a `SyncIndex` is kept in: a header, the clock and the outbox
/// and segment numbers, a line for each device applied, gone, claimed, skipped or withdrawn,
/// the refusals quarantined, then every version, one a line. Written whole by each exchange;
/// read back with every number bounded and every device id checked, so that a file damaged or
/// edited by hand is refused, named by its path, never trusted into an overflow.
extension SyncIndex {
    /// Version 2 added `claimed` and `skipped`, version 3 `withdrawn`, `merged` and `device`; an
    /// earlier version is read as having none.
    static let header = "grock-sync-index\t3"
    static let headers: Set<Substring> = ["grock-sync-index\t1", "grock-sync-index\t2", "grock-sync-index\t3"]

    var bytes: [UInt8] { get throws {
        var text = SyncIndex.header + "\nclock\t\(clock)\npublished\t\(published)\nsent\t\(sent)\n"
        if let lastSent { text += "last\t\(lastSent.checksum)\t\(lastSent.from)\n" }
        if merged != .zero { text += "merged\t\(merged)\n" }
        if let device { text += "device\t\(device)\n" }
        for (device, number) in applied.sorted(by: { $0.key < $1.key }) { text += "applied\t\(device)\t\(number)\n" }
        for (device, number) in gone.sorted(by: { $0.key < $1.key }) { text += "gone\t\(device)\t\(number)\n" }
        for (device, number) in claimed.sorted(by: { $0.key < $1.key }) { text += "claimed\t\(device)\t\(number)\n" }
        for (device, ranges) in skipped.sorted(by: { $0.key < $1.key }) {
            for range in ranges { text += "skipped\t\(device)\t\(range.lowerBound)\t\(range.upperBound)\n" }
        }
        for (device, withdrawal) in withdrawn.sorted(by: { $0.key < $1.key }) { text += "withdrawn\t\(device)\t\(withdrawal.fields)\n" }
        // JSON: a reason may hold any text the segment held.
        for refusal in quarantined.suffix(SyncIndex.quarantineKept) { text += "quarantined\t\(try SyncParts.json(refusal))\n" }
        for (_, list) in versions.sorted(by: { $0.key < $1.key }) {
            for version in list { text += version.line + "\n" }
        }
        return Array(text.utf8)
    } }

    /// The largest segment number a device writes (eight digits), and the largest change number:
    /// what an index says beyond them is damage, and a number one past them never overflows.
    static let largestSegment = 99_999_999
    static let largestChange = 1 << 53

    /// A segment number as an index keeps it (-1: none), or nil.
    private static func segment(_ text: Substring) -> Int? { Int(text).flatMap { (-1...largestSegment).contains($0) ? $0 : nil } }

    /// The kinds of line that say something of one device: `KIND<TAB>DEVICE<TAB>FIELDS...`.
    private static let deviceLineKinds: Set<Substring> = ["applied", "gone", "claimed", "skipped", "withdrawn"]

    /// A line of one of `deviceLineKinds`, split; nil for a line of another kind.
    /// - Throws: `SyncError.damaged` naming `path` when its device is not an id Grock writes.
    private static func deviceLine(_ line: Substring, path: String) throws -> (kind: Substring, device: String, fields: [Substring])? {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count >= 2, deviceLineKinds.contains(fields[0]) else { return nil }
        guard Identifier.isValid(String(fields[1])) else { throw SyncError.damaged(what: path, reason: "a bad \(fields[0]) line") }
        return (fields[0], String(fields[1]), Array(fields[2...]))
    }

    /// Reads an index file.
    /// - Parameter versions: false to read what comes before the versions only (the clock, the
    ///   numbers, what is applied): all an exchange needs to see that it has nothing to do.
    init(_ bytes: [UInt8], path: String, versions readVersions: Bool = true) throws {
        func damaged(_ reason: String) -> SyncError { .damaged(what: path, reason: reason) }
        guard bytes.last == 0x0A else { throw damaged("it is not a whole index") }
        var position = 0
        var number = 0
        var headerDone = false
        while position < bytes.count, let end = bytes[position...].firstIndex(of: 0x0A) {
            let line = Substring(String(decoding: bytes[position..<end], as: UTF8.self))
            position = end + 1
            defer { number += 1 }
            switch number {
            case 0: guard SyncIndex.headers.contains(line) else { throw damaged("it is not a whole index") }
            case 1:
                guard line.hasPrefix("clock\t"), let clock = HybridTimestamp(line.dropFirst(6)) else { throw damaged("no clock") }
                self.clock = clock
            case 2:
                guard line.hasPrefix("published\t"), let published = Int(line.dropFirst(10)),
                      (-1...SyncIndex.largestChange).contains(published) else { throw damaged("no outbox number") }
                self.published = published
            case 3:
                guard line.hasPrefix("sent\t"), let sent = SyncIndex.segment(line.dropFirst(5)) else { throw damaged("no segment number") }
                self.sent = sent
                headerDone = true
            default:
                if line.hasPrefix("last\t") {
                    let fields = line.split(separator: "\t")
                    guard fields.count == 3, let from = Int(fields[2]), (0...SyncIndex.largestChange).contains(from) else {
                        throw damaged("a bad last line")
                    }
                    lastSent = SentSegment(checksum: String(fields[1]), from: from)
                } else if line.hasPrefix("device\t") {
                    guard Identifier.isValid(String(line.dropFirst(7))) else { throw damaged("a bad device line") }
                    device = String(line.dropFirst(7))
                } else if line.hasPrefix("merged\t") {
                    guard let stamp = HybridTimestamp(line.dropFirst(7)) else { throw damaged("a bad merged line") }
                    merged = stamp
                } else if let (kind, device, fields) = try SyncIndex.deviceLine(line, path: path) {
                    func number() throws -> Int {
                        guard fields.count == 1, let number = SyncIndex.segment(fields[0]) else { throw damaged("a bad \(kind) line") }
                        return number
                    }
                    switch kind {
                    case "applied": applied[device] = try number()
                    case "gone": gone[device] = try number()
                    case "claimed": claimed[device] = try number()
                    case "skipped":
                        guard fields.count == 2, let from = SyncIndex.segment(fields[0]), let through = SyncIndex.segment(fields[1]),
                              from <= through else { throw damaged("a bad skipped line") }
                        skipped[device, default: []].append(from...through)
                    default:
                        guard let withdrawal = Withdrawal(fields: fields) else { throw damaged("a bad withdrawn line") }
                        withdrawn[device] = withdrawal
                    }
                } else if line.hasPrefix("quarantined\t") {
                    // Its own error names the settings; the index as a whole is what is damaged.
                    guard let refusal = try? SyncParts.decode(String.self, String(line.dropFirst(12)), key: SyncKey(.settings)) else {
                        throw damaged("a bad quarantined line")
                    }
                    quarantined.append(refusal)
                } else {
                    guard readVersions else { return }
                    guard let parsed = SyncVersion(line: line) else { throw damaged("a line cannot be read") }
                    versions[parsed.key, default: []].append(parsed)
                }
            }
        }
        guard headerDone else { throw damaged("it is not a whole index") }
    }
}
