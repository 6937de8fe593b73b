/// Finds which of the user's items each line of a receipt is.
///
/// A line's score against an item, 0 to 100, compares their words (`GroceryWords`: folded,
/// sizes and noise taken out, each word with its grocery concept across languages). Two words
/// are alike by
/// - 1.0: the same concept (`bananen`, `bananas`) or the same word;
/// - 0.9: the receipt's word starts the item's (`joghu` of `joghurt`, a cut-off name);
/// - 0.85: the item's word starts the receipt's, or the receipt's word is an abbreviation of
///   the item's (its letters in order, the first the same, at least half as long: `bnnas`);
/// - 1 − d/length for an edit distance d of at most a quarter of the longer word, with the
///   same first letter (OCR typos);
/// - 0 otherwise.
///
/// Each item word takes its best receipt word (recall), each receipt word its best item word
/// (precision): `score = round(100 × (0.7 × recall + 0.3 × precision))`, so an item whose
/// every word is on the receipt scores well even when the receipt adds words of its own. An
/// alias learned at the receipt's store scores 100.
///
/// An item on the cart being shopped that scores at least `doubtfulScore` gets 10 more (at
/// most 99) and ranks before every item not on the cart: the receipt most likely holds what
/// the cart planned. When an item off the cart fits the words better, the match is doubtful.
///
/// Verdicts: `alias`; `confident` when the first candidate scores `confidentScore` or more and
/// at least `margin` more than the second; `doubtful` at `doubtfulScore` or more; `new` below.
public struct ReceiptMatcher: Sendable {
    /// The least score of a confident match.
    public static let confidentScore = 80
    /// The least score of a doubtful match; below it a line is new.
    public static let doubtfulScore = 40
    /// How far a confident match must be ahead of the second candidate.
    public static let margin = 10
    /// How many candidates a match lists at most.
    public static let maximumCandidates = 3

    private struct Entry: Sendable {
        let item: ItemID
        let name: String
        /// Indices into `vocabulary`.
        let words: [Int]
        let isOnCart: Bool
    }

    private let entries: [Entry]
    /// Every distinct word of the items' names: a vault repeats its words (`milk`, `organic`,
    /// a brand), so each is compared with a receipt word once per line, not once per item.
    private let vocabulary: [MatchWord]
    private let known: Set<ItemID>
    private let categories: [String: CategoryID]

    /// - Parameters:
    ///   - items: the vault's items.
    ///   - categories: the vault's categories, to suggest one for a new item.
    ///   - cart: the lines of the cart being shopped, if any: preferred over other items, and
    ///     candidates even when not in the vault (impulse buys).
    public init(items: [Item], categories: [Category] = [], cart: [CartItem] = []) {
        let onCart = Set(cart.map(\.itemID))
        var vocabulary: [MatchWord] = []
        var indices: [MatchWord: Int] = [:]
        func interned(_ name: String) -> [Int] {
            GroceryWords.words(name).map { word in
                if let index = indices[word] { return index }
                indices[word] = vocabulary.count
                vocabulary.append(word)
                return vocabulary.count - 1
            }
        }
        var entries = items.map { Entry(item: $0.id, name: $0.name, words: interned($0.name), isOnCart: onCart.contains($0.id)) }
        let inVault = Set(items.map(\.id))
        for line in cart where !inVault.contains(line.itemID) {
            entries.append(Entry(item: line.itemID, name: line.name, words: interned(line.name), isOnCart: true))
        }
        self.entries = entries
        self.vocabulary = vocabulary
        self.known = Set(entries.map(\.item))
        var byName: [String: CategoryID] = [:]
        for category in categories { byName[Name.key(category.name)] = category.id }
        self.categories = byName
    }

    /// The matches of a receipt's lines, in order.
    /// - Parameter store: the store the receipt is from, whose aliases apply; nil: none do.
    public func match(_ receipt: Receipt, store: StoreID?, aliases: ReceiptAliases) -> [ReceiptMatch] {
        receipt.lines.map { match($0.name, store: store, aliases: aliases) }
    }

    /// The match of one receipt name (`ReceiptLine.name`).
    /// - Parameter store: the store the receipt is from, whose aliases apply; nil: none do.
    public func match(_ receiptName: String, store: StoreID?, aliases: ReceiptAliases) -> ReceiptMatch {
        if let store, let item = aliases.item(for: receiptName, at: store), known.contains(item),
           let entry = entries.first(where: { $0.item == item }) {
            return ReceiptMatch(verdict: .alias, candidates: [ReceiptCandidate(item: item, name: entry.name, score: 100, isOnCart: entry.isOnCart)])
        }
        let words = GroceryWords.words(receiptName)
        // likeness[v * words.count + r]: vocabulary word v against receipt word r, -1 until needed.
        var likeness = [Int](repeating: -1, count: vocabulary.count * words.count)
        var scored: [ReceiptCandidate] = []
        for entry in entries {
            var score = ReceiptMatcher.score(receipt: words.count, item: entry.words.count) { itemIndex, receiptIndex in
                let slot = entry.words[itemIndex] * words.count + receiptIndex
                if likeness[slot] < 0 { likeness[slot] = ReceiptMatcher.similarity(words[receiptIndex], vocabulary[entry.words[itemIndex]]) }
                return likeness[slot]
            }
            if entry.isOnCart && score >= ReceiptMatcher.doubtfulScore { score = min(99, score + 10) }
            if score > 0 { scored.append(ReceiptCandidate(item: entry.item, name: entry.name, score: score, isOnCart: entry.isOnCart)) }
        }
        let threshold = ReceiptMatcher.doubtfulScore
        scored.sort {
            ($0.isOnCart && $0.score >= threshold ? 1 : 0, $0.score, $1.name) > ($1.isOnCart && $1.score >= threshold ? 1 : 0, $1.score, $0.name)
        }
        let candidates = Array(scored.prefix(ReceiptMatcher.maximumCandidates))
        let best = candidates.first?.score ?? 0
        let runnerUp = candidates.dropFirst().first?.score ?? 0
        let verdict: ReceiptMatch.Verdict = if best >= ReceiptMatcher.confidentScore && best - runnerUp >= ReceiptMatcher.margin {
            .confident
        } else if best >= ReceiptMatcher.doubtfulScore {
            .doubtful
        } else {
            .new
        }
        let category = verdict == .new ? GroceryWords.category(of: words).flatMap { categories[Name.key($0)] } : nil
        return ReceiptMatch(verdict: verdict, candidates: candidates, suggestedCategory: category)
    }

    /// `round(100 × (0.7 × recall + 0.3 × precision))`, in integers (per mille), for `receipt`
    /// and `item` words whose likeness (thousandths) `alike(itemWord, receiptWord)` tells.
    static func score(receipt: Int, item: Int, _ alike: (Int, Int) -> Int) -> Int {
        guard receipt > 0, item > 0 else { return 0 }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: receipt) { best in
            best.initialize(repeating: 0)
            var recall = 0
            for itemWord in 0..<item {
                var top = 0
                for receiptWord in 0..<receipt {
                    let likeness = alike(itemWord, receiptWord)
                    top = max(top, likeness)
                    best[receiptWord] = max(best[receiptWord], likeness)
                }
                recall += top
            }
            let precision = best.reduce(0, +)
            // recall / item and precision / receipt are each in thousandths.
            let perMille = (700 * recall / item + 300 * precision / receipt) / 1000
            return (perMille + 5) / 10
        }
    }

    /// How alike two words are, in thousandths.
    static func similarity(_ receipt: MatchWord, _ item: MatchWord) -> Int {
        if receipt.concept == item.concept || receipt.surface == item.surface { return 1000 }
        let short = receipt.surface, long = item.surface
        guard short.count >= 3, long.count >= 3 else { return 0 }
        if long.starts(with: short) || item.concept.starts(with: short) { return 900 }
        if short.count >= 4 && short.starts(with: long) { return 850 }
        if short.first == long.first, short.count * 2 >= long.count, isSubsequence(short, of: long) { return 850 }
        let length = max(short.count, long.count)
        guard length >= 4, short.first == long.first else { return 0 }
        let limit = length / 4
        guard limit > 0, abs(short.count - long.count) <= limit, let distance = editDistance(short, long, atMost: limit) else { return 0 }
        return 1000 - 1000 * distance / length
    }

    private static func isSubsequence(_ short: [UInt8], of long: [UInt8]) -> Bool {
        var index = 0
        for byte in long where index < short.count && short[index] == byte { index += 1 }
        return index == short.count
    }

    /// Levenshtein distance of two words when it is at most `limit`, else nil.
    private static func editDistance(_ a: [UInt8], _ b: [UInt8], atMost limit: Int) -> Int? {
        // Two rows on the stack: this runs for many word pairs of every line.
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * (b.count + 1)) { buffer in
            var previous = 0, current = b.count + 1
            for j in 0...b.count { buffer[previous + j] = j }
            for i in 1...a.count {
                buffer[current] = i
                var rowMinimum = i
                for j in 1...b.count {
                    let value = min(buffer[previous + j] + 1, buffer[current + j - 1] + 1,
                                    buffer[previous + j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                    buffer[current + j] = value
                    rowMinimum = min(rowMinimum, value)
                }
                if rowMinimum > limit { return nil }
                swap(&previous, &current)
            }
            return buffer[previous + b.count] <= limit ? buffer[previous + b.count] : nil
        }
    }
}
