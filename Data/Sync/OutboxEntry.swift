import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One change made on this device, as `sync/outbox/N.tsv` keeps it (N: the change's number in
/// the data directory): when it was made, its undo summary, and each part it changed, before
/// and after. Written in the same transaction as the change, so a change is in the outbox
/// exactly when it happened; published to the household by the next `grock sync`, and kept
/// for this device's undo.
struct OutboxEntry: Equatable {
    let sequence: Int
    let stamp: HybridTimestamp
    let summary: String
    let kind: Kind
    let differences: [ChangeCapture.Difference]

    static let header = "grock-outbox\t1"

    /// What an entry is to this device's undo, kept on its `undoes` line.
    enum Kind: Equatable {
        /// A change made here: no `undoes` line; the next undo takes it back.
        case change
        /// An undo of the change numbered `Int` (`undoes\tN`); it is not undone itself.
        case undo(of: Int)
        /// A merge's repair ("settled what two devices did at once"): nobody made it, so undo
        /// passes over it. Kept as `undoes\t-1`, a number no change has, so that an older Grock
        /// reads it as an undo of nothing.
        case repair

        /// The number on the `undoes` line of a repair.
        static let repairMark = -1

        /// The number on the entry's `undoes` line; nil: no line.
        var undoesLine: Int? {
            switch self {
            case .change: nil
            case .undo(let sequence): sequence
            case .repair: Kind.repairMark
            }
        }

        init(undoesLine number: Int) { self = number == Kind.repairMark ? .repair : .undo(of: number) }
    }

    var bytes: [UInt8] { get throws {
        var text = OutboxEntry.header + "\n"
        text += "stamp\t\(stamp)\nsummary\t\(try SyncParts.json(summary))\n"
        if let undoes = kind.undoesLine { text += "undoes\t\(undoes)\n" }
        for difference in differences {
            text += "\(difference.key)\t\(OutboxEntry.mark(difference.after))\t\(difference.after.payload ?? "-")\t"
                + "\(OutboxEntry.mark(difference.before))\t\(difference.before.payload ?? "-")\n"
        }
        return Array(text.utf8)
    } }

    static func mark(_ part: SyncPart) -> String { part.isBought ? "b" : part.seen.map { "s\($0)" } ?? "-" }

    static func part(mark: Substring, payload: Substring) -> SyncPart? {
        var seen: Int64?
        if mark.first == "s" {
            guard let value = Int64(mark.dropFirst()) else { return nil }
            seen = value
        } else if mark != "b" && mark != "-" { return nil }
        return SyncPart(payload: payload == "-" ? nil : String(payload), isBought: mark == "b", seen: seen)
    }

    init(sequence: Int, stamp: HybridTimestamp, summary: String, kind: Kind, differences: [ChangeCapture.Difference]) {
        self.sequence = sequence
        self.stamp = stamp
        self.summary = summary
        self.kind = kind
        self.differences = differences
    }

    /// The stamp of an entry, from its first bytes (its second line): what the clock ticks
    /// after, without reading the entry's differences. Nil when they hold none.
    static func stamp(inHead head: some Collection<UInt8>) -> HybridTimestamp? {
        let lines = head.split(separator: UInt8(ascii: "\n"), maxSplits: 2, omittingEmptySubsequences: false)
        guard lines.count > 1, String(decoding: lines[0], as: UTF8.self) == header else { return nil }
        let line = String(decoding: lines[1], as: UTF8.self)
        return line.hasPrefix("stamp\t") ? HybridTimestamp(line.dropFirst(6)) : nil
    }

    init(_ bytes: [UInt8], sequence: Int, path: String) throws {
        // Split as bytes: splitting the text by characters was a tenth of an exchange's time.
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        func text(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
        func damaged(_ reason: String) -> SyncError { .damaged(what: path, reason: reason) }
        guard lines.count >= 4, text(lines[0]) == OutboxEntry.header, lines.last?.isEmpty == true else {
            throw damaged("it is not a whole outbox entry")
        }
        let stampLine = text(lines[1]), summaryLine = text(lines[2])
        guard stampLine.hasPrefix("stamp\t"), let stamp = HybridTimestamp(stampLine.dropFirst(6)) else { throw damaged("no stamp") }
        // `CanonicalJSON` reads the summary as Grock writes it, `JSONDecoder` anything else (an
        // escape): where both read, they agree (`CanonicalJSONTests`). Both failing is no summary.
        guard summaryLine.hasPrefix("summary\t"), let summary = CanonicalJSON.string(String(summaryLine.dropFirst(8)))
                ?? (try? JSONDecoder().decode(String.self, from: Data(summaryLine.dropFirst(8).utf8))) else {
            throw damaged("no summary")
        }
        var rest = lines[3..<(lines.count - 1)]
        var kind = Kind.change
        if let first = rest.first.map(text), first.hasPrefix("undoes\t") {
            guard let number = Int(first.dropFirst(7)) else { throw damaged("a bad undo line") }
            kind = Kind(undoesLine: number)
            rest = rest.dropFirst()
        }
        var differences: [ChangeCapture.Difference] = []
        differences.reserveCapacity(rest.count)
        for line in rest {
            let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map { Substring(text($0)) }
            guard fields.count == 5, let key = SyncKey(fields[0]), let after = OutboxEntry.part(mark: fields[1], payload: fields[2]),
                  let before = OutboxEntry.part(mark: fields[3], payload: fields[4]) else { throw damaged("a line cannot be read") }
            differences.append(ChangeCapture.Difference(key: key, before: before, after: after))
        }
        self.init(sequence: sequence, stamp: stamp, summary: summary, kind: kind, differences: differences)
    }

    /// The entry stamped as another device (its counter and time kept).
    func restamped(device: String) -> OutboxEntry {
        OutboxEntry(sequence: sequence, stamp: HybridTimestamp(milliseconds: stamp.milliseconds, counter: stamp.counter, device: device),
                    summary: summary, kind: kind, differences: differences)
    }

    /// The versions this change tells the others, each replacing what `known` says this device
    /// had (`.zero`: the household's first snapshot).
    func versions(replacing known: (SyncKey) -> HybridTimestamp) -> [SyncVersion] {
        differences.map { difference in
            // A removed price counts as seen when it was removed: a price seen later comes back.
            let seen = difference.key.kind == .price ? difference.after.seen ?? stamp.milliseconds / 1000 : nil
            return SyncVersion(key: difference.key, stamp: stamp, replaces: known(difference.key), isBought: difference.after.isBought,
                               seen: seen, payload: difference.after.payload)
        }
    }
}
