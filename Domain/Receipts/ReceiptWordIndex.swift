/// Which of a vault's distinct words a receipt word may be alike to: every word whose
/// `ReceiptMatcher.similarity` with it is above 0, and some others, so that a line is compared
/// with those rather than with each word of a vault of thousands of items (a receipt of 2,000
/// lines took 12 s against 5,000 items).
///
/// Why it misses none, rule by rule of `similarity` (the receipt's word `r`, the item's `w`):
/// - the same concept or the same surface: `byConcept`, `bySurface`;
/// - `w`'s surface or concept starts with `r`, `r` starts with `w`, or `r` is an abbreviation of
///   `w` (the same first byte, then `r`'s letters in `w`'s order): each needs both surfaces of 3
///   bytes or more, and `r`'s first byte first in `w`'s surface (or concept) with `r`'s second
///   byte later in it: `byHead`;
/// - an edit distance `d` of at most `k = L / 4`, `L` the longer length (4 or more): of the
///   `L − 1` places of a pair of adjacent bytes in the longer word, each edit breaks at most 2,
///   so at least `L − 1 − 2k ≥ L / 2 − 1 ≥ 1` of them hold a pair the other word holds too:
///   `byPair`, counting each word's places whose pair the other holds. Bytes, not characters,
///   are edited, so it holds for any UTF-8.
struct ReceiptWordIndex: Sendable, Equatable {
    /// A word holding a pair, and at how many places.
    struct Posting: Sendable, Equatable {
        let place: Int
        let count: Int
    }

    /// Places in the vault's distinct words, by concept and by surface.
    private let byConcept: [[UInt8]: [Int]]
    private let bySurface: [[UInt8]: [Int]]
    /// The words of 3 bytes or more by their surface's first byte (high) with each byte after
    /// it, and the same of their concept.
    private let byHead: [UInt16: [Int]]
    /// The words of 3 bytes or more by each pair of adjacent bytes of their surface (high byte
    /// first).
    private let byPair: [UInt16: [Posting]]
    /// Each word's surface length, to pass over a pair's words no edit can reach.
    private let lengths: [Int]

    init(_ words: [MatchWord]) {
        var byConcept: [[UInt8]: [Int]] = [:], bySurface: [[UInt8]: [Int]] = [:]
        var byHead: [UInt16: [Int]] = [:], byPair: [UInt16: [Posting]] = [:]
        for (place, word) in words.enumerated() {
            byConcept[word.concept, default: []].append(place)
            bySurface[word.surface, default: []].append(place)
            guard word.surface.count >= 3 else { continue }
            for head in ReceiptWordIndex.heads(of: word.surface, word.concept) { byHead[head, default: []].append(place) }
            for (pair, count) in ReceiptWordIndex.pairs(of: word.surface) { byPair[pair, default: []].append(Posting(place: place, count: count)) }
        }
        self.byConcept = byConcept
        self.bySurface = bySurface
        self.byHead = byHead
        self.byPair = byPair
        self.lengths = words.map(\.surface.count)
    }

    /// Calls `body` with the place of every word that may be alike to `word`, some more than
    /// once.
    /// - Parameter counts: room for two counts per word, all 0, left so.
    func forEachCandidate(of word: MatchWord, counts: inout [Int], _ body: (Int) -> Void) {
        byConcept[word.concept]?.forEach(body)
        bySurface[word.surface]?.forEach(body)
        // Every other rule needs both surfaces of 3 bytes or more.
        let surface = word.surface
        guard surface.count >= 3 else { return }
        byHead[UInt16(surface[0]) << 8 | UInt16(surface[1])]?.forEach(body)
        // For each word sharing a pair: at how many of the receipt word's places, and of its own.
        let length = surface.count
        var counted: [Int] = []
        for (pair, count) in ReceiptWordIndex.pairs(of: surface) {
            // A long word's pairs are distinct keys: each list is read once, so no more than the
            // index holds, however long the receipt's word.
            guard let postings = byPair[pair] else { continue }
            for posting in postings {
                let other = lengths[posting.place], longer = max(length, other)
                guard longer >= 4 && abs(length - other) <= longer / 4 else { continue }
                if counts[2 * posting.place] == 0 && counts[2 * posting.place + 1] == 0 { counted.append(posting.place) }
                counts[2 * posting.place] += count
                counts[2 * posting.place + 1] += posting.count
            }
        }
        for place in counted {
            let other = lengths[place], longer = max(length, other)
            let shared = length >= other ? counts[2 * place] : counts[2 * place + 1]
            if shared >= longer - 1 - 2 * (longer / 4) { body(place) }
            counts[2 * place] = 0
            counts[2 * place + 1] = 0
        }
    }

    /// The distinct pairs of adjacent bytes of `bytes`, each with at how many places.
    private static func pairs(of bytes: [UInt8]) -> [(UInt16, Int)] {
        guard bytes.count >= 2 else { return [] }
        var pairs: [UInt16] = []
        pairs.reserveCapacity(bytes.count - 1)
        for index in 1..<bytes.count { pairs.append(UInt16(bytes[index - 1]) << 8 | UInt16(bytes[index])) }
        pairs.sort()
        var counted: [(UInt16, Int)] = []
        for pair in pairs {
            if let last = counted.last, last.0 == pair { counted[counted.count - 1].1 += 1 } else { counted.append((pair, 1)) }
        }
        return counted
    }

    /// A surface's and a concept's first byte (high) with each byte after it, once each.
    private static func heads(of surface: [UInt8], _ concept: [UInt8]) -> [UInt16] {
        var heads: [UInt16] = []
        for bytes in [surface, concept] {
            guard let first = bytes.first else { continue }
            for byte in bytes.dropFirst() { heads.append(UInt16(first) << 8 | UInt16(byte)) }
        }
        heads.sort()
        var distinct: [UInt16] = []
        for head in heads where distinct.last != head { distinct.append(head) }
        return distinct
    }
}
