/// Which of a vault's distinct words a receipt word may be alike to: every word whose
/// `ReceiptMatcher.similarity` with it is above 0, and some others, so that a line is compared
/// with those rather than with each word of a vault of thousands of items (a receipt of 2,000
/// lines took 12 s against 5,000 items).
///
/// Why it misses none, rule by rule of `similarity` (the receipt's word `r`, the item's `w`):
/// - the same concept or the same surface: `byConcept`, `bySurface`;
/// - `w`'s surface or concept starts with `r`, `r` starts with `w`, or `r` is an abbreviation of
///   `w` (its first byte the same): each needs both surfaces of 3 bytes or more and `r`'s first
///   byte first in `w`'s surface or concept: `byFirstByte`;
/// - an edit distance `d` of at most `k = L / 4`, `L` the longer length (4 or more): the `L − 1`
///   byte pairs at the places of the longer word, less the at most 2 each edit breaks, stand in
///   the other word too, `L − 1 − 2k ≥ L / 2 − 1 ≥ 1` of them: the two share a pair, `byPair`.
///   Bytes, not characters, are edited, so it holds for any UTF-8.
struct ReceiptWordIndex: Sendable, Equatable {
    /// Places in the vault's distinct words, by concept and by surface.
    private let byConcept: [[UInt8]: [Int]]
    private let bySurface: [[UInt8]: [Int]]
    /// 256 lists: the words of 3 bytes or more by the first byte of their surface, and by that of
    /// their concept where it differs.
    private let byFirstByte: [[Int]]
    /// The words of 3 bytes or more by each pair of adjacent bytes of their surface (high byte
    /// first), each word once a pair.
    private let byPair: [UInt16: [Int]]
    /// Each word's surface length, to pass over a pair's words no edit can reach.
    private let lengths: [Int]

    init(_ words: [MatchWord]) {
        var byConcept: [[UInt8]: [Int]] = [:], bySurface: [[UInt8]: [Int]] = [:], byPair: [UInt16: [Int]] = [:]
        var byFirstByte = [[Int]](repeating: [], count: 256)
        for (place, word) in words.enumerated() {
            byConcept[word.concept, default: []].append(place)
            bySurface[word.surface, default: []].append(place)
            let surface = word.surface
            guard surface.count >= 3, let first = surface.first else { continue }
            byFirstByte[Int(first)].append(place)
            if let conceptFirst = word.concept.first, conceptFirst != first { byFirstByte[Int(conceptFirst)].append(place) }
            for pair in ReceiptWordIndex.pairs(of: surface) { byPair[pair, default: []].append(place) }
        }
        self.byConcept = byConcept
        self.bySurface = bySurface
        self.byFirstByte = byFirstByte
        self.byPair = byPair
        self.lengths = words.map(\.surface.count)
    }

    /// Calls `body` with the place of every word that may be alike to `word`, some more than
    /// once.
    func forEachCandidate(of word: MatchWord, _ body: (Int) -> Void) {
        byConcept[word.concept]?.forEach(body)
        bySurface[word.surface]?.forEach(body)
        // Every other rule needs both surfaces of 3 bytes or more.
        let surface = word.surface
        guard surface.count >= 3, let first = surface.first else { return }
        byFirstByte[Int(first)].forEach(body)
        let length = surface.count
        for pair in ReceiptWordIndex.pairs(of: surface) {
            // A long word's pairs are distinct keys: each list is read once, so no more than the
            // index holds, however long the receipt's word.
            guard let places = byPair[pair] else { continue }
            for place in places {
                let other = lengths[place], longer = max(length, other)
                if longer >= 4 && abs(length - other) <= longer / 4 { body(place) }
            }
        }
    }

    /// The distinct pairs of adjacent bytes of `bytes`.
    private static func pairs(of bytes: [UInt8]) -> [UInt16] {
        guard bytes.count >= 2 else { return [] }
        var pairs: [UInt16] = []
        pairs.reserveCapacity(bytes.count - 1)
        for index in 1..<bytes.count { pairs.append(UInt16(bytes[index - 1]) << 8 | UInt16(bytes[index])) }
        pairs.sort()
        var distinct: [UInt16] = []
        distinct.reserveCapacity(pairs.count)
        for pair in pairs where distinct.last != pair { distinct.append(pair) }
        return distinct
    }
}
