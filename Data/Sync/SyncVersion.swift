import Domain

/// One version of one thing as a device made it: the record it holds (JSON, as in backups;
/// nil when the thing was deleted), when it was made and what it replaced.
struct SyncVersion: Hashable {
    let key: SyncKey
    let stamp: HybridTimestamp
    let replaces: HybridTimestamp
    /// For a line: bought. For a price: when seen (or, for a removed price, when removed).
    let isBought: Bool
    let seen: Int64?
    let payload: String?

    var facts: VersionFacts { VersionFacts(stamp: stamp, replaces: replaces, isBought: isBought, seen: seen) }

    func replacing(_ replaced: HybridTimestamp) -> SyncVersion {
        SyncVersion(key: key, stamp: stamp, replaces: replaced, isBought: isBought, seen: seen, payload: payload)
    }

    /// One line of a segment or the index: `KEY TAB STAMP TAB REPLACES TAB MARK TAB PAYLOAD`,
    /// MARK `b` (bought), `s` and seconds (seen), or `-`; PAYLOAD `-` for a deletion. JSON
    /// escapes tabs and line breaks, so a payload never holds one.
    var line: String {
        let mark = isBought ? "b" : seen.map { "s\($0)" } ?? "-"
        return "\(key)\t\(stamp)\t\(replaces)\t\(mark)\t\(payload ?? "-")"
    }

    init(key: SyncKey, stamp: HybridTimestamp, replaces: HybridTimestamp, isBought: Bool, seen: Int64?, payload: String?) {
        self.key = key
        self.stamp = stamp
        self.replaces = replaces
        self.isBought = isBought
        self.seen = seen
        self.payload = payload
    }

    init?(line: Substring) {
        // Four tabs, found byte by byte: a join reads a line per thing the household holds.
        var fields: [Substring] = []
        fields.reserveCapacity(5)
        var start = line.utf8.startIndex
        while fields.count < 4, let tab = line.utf8[start...].firstIndex(of: 0x09) {
            fields.append(Substring(line.utf8[start..<tab]))
            start = line.utf8.index(after: tab)
        }
        fields.append(Substring(line.utf8[start...]))
        guard fields.count == 5, let key = SyncKey(fields[0]), let stamp = HybridTimestamp(fields[1]),
              let replaces = HybridTimestamp(fields[2]) else { return nil }
        let mark = fields[3]
        var seen: Int64?
        if mark.first == "s" {
            guard let value = Int64(mark.dropFirst()) else { return nil }
            seen = value
        } else if mark != "b" && mark != "-" { return nil }
        let payload = fields[4] == "-" ? nil : String(fields[4])
        if let payload, payload.first != "{" && payload.first != "[" { return nil }
        self.init(key: key, stamp: stamp, replaces: replaces, isBought: mark == "b", seen: seen, payload: payload)
    }
}
