/// Finds which of the user's items each line of a receipt is.
///
/// A line's score against an item, 0 to 100, compares their words (`GroceryWords`: folded,
/// sizes and noise taken out, each word with its grocery concept across languages). Two words
/// are alike by
/// - 1.0: the same concept (`bananen`, `bananas`) or the same word;
/// - 0.9: the receipt's word starts the item's (`skim` of `skimmed`, a cut-off name);
/// - 0.85: the item's word starts the receipt's, or the receipt's word is an abbreviation of
///   the item's (its letters in order, the first the same, at least half as long: `bnnas`);
/// - 1 − d/length for an edit distance d of at most a quarter of the longer word (OCR typos);
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
///
/// A line is matched on its first `maximumWords` words: each is compared with the vault's
/// distinct words that may be alike to it (`ReceiptWordIndex`: those of the same concept, the
/// same first bytes, or enough pairs of bytes in common), and only the items holding one of the
/// alike are scored, so a line costs what its words share with the vault, not the vault's size.
/// A line of dozens of words (OCR run together, a hostile receipt) would still cost as many
/// times a real one, and an item's name comes first on a receipt, codes and clutter after.
///
/// Two matchers built from the same items, categories and cart lines are equal, and match every
/// line alike: `ApplyReceipt` reuses matches made outside the storage's lock when the matcher it
/// builds inside is equal to the one that made them.
public struct ReceiptMatcher: Sendable, Equatable {
    /// The score from which a clear first candidate is `confident`.
    public static let confidentScore = 80
    /// The score from which a candidate is worth asking about (`doubtful`); below it, `new`.
    public static let doubtfulScore = 40
    /// How far a `confident` first candidate must be ahead of the second.
    public static let margin = 10
    /// How many candidates a match lists at most.
    public static let maximumCandidates = 3
    /// How many of a line's words (`GroceryWords`: sizes and noise left out) are matched; the
    /// rest are not looked at. A real item's name has a handful.
    public static let maximumWords = 8

    private struct Entry: Sendable, Equatable {
        let item: ItemID
        let name: String
        /// Its words, as places in `distinctWords`.
        let words: [Int]
        let isOnCart: Bool
    }

    private let entries: [Entry]
    /// Every word of every item once: names share words (`milk`, `organic`), so a receipt's
    /// word is compared with each of them once rather than once per item that has it.
    private let distinctWords: [MatchWord]
    /// The words a receipt's word may be alike to, found without looking at the others.
    private let index: ReceiptWordIndex
    /// For each of `distinctWords`, the entries that have it, in ascending order (as places in
    /// `entries`): an entry none of whose words is alike to the line's scores 0 and is skipped.
    private let entriesOfWord: [[Int]]
    private let known: Set<ItemID>
    private let categories: [String: CategoryID]

    /// - Parameters:
    ///   - items: the vault's items.
    ///   - categories: the vault's categories, to suggest one for a new item.
    ///   - cart: the lines of the cart being shopped, if any: preferred over other items, and
    ///     candidates even when not in the vault (impulse buys).
    public init(items: [Item], categories: [Category] = [], cart: [CartItem] = []) {
        // By id, whatever order a storage lists them in (a write's working set may list them
        // otherwise than the read before it): matchers of the same vault compare equal, so
        // `ApplyReceipt` reuses, inside the lock, the matches made outside it.
        let items = items.sorted { $0.id.rawValue < $1.id.rawValue }
        let onCart = Set(cart.map(\.itemID))
        var distinct: [MatchWord] = [], places: [MatchWord: Int] = [:]
        func placed(_ name: String) -> [Int] {
            GroceryWords.words(name).map { word in
                if let place = places[word] { return place }
                distinct.append(word)
                places[word] = distinct.count - 1
                return distinct.count - 1
            }
        }
        var entries = items.map { Entry(item: $0.id, name: $0.name, words: placed($0.name), isOnCart: onCart.contains($0.id)) }
        let inVault = Set(items.map(\.id))
        for line in cart where !inVault.contains(line.itemID) {
            entries.append(Entry(item: line.itemID, name: line.name, words: placed(line.name), isOnCart: true))
        }
        self.entries = entries
        self.distinctWords = distinct
        self.index = ReceiptWordIndex(distinct)
        var entriesOfWord = [[Int]](repeating: [], count: distinct.count)
        for (place, entry) in entries.enumerated() {
            for word in entry.words where entriesOfWord[word].last != place { entriesOfWord[word].append(place) }
        }
        self.entriesOfWord = entriesOfWord
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
            return ReceiptMatch(verdict: .alias,
                                candidates: [ReceiptCandidate(item: item, name: entry.name, score: 100, isOnCart: entry.isOnCart)])
        }
        let words = Array(GroceryWords.words(receiptName).prefix(ReceiptMatcher.maximumWords))
        // Each receipt word against the distinct item words it may be alike to, once: the
        // others are 0 (`ReceiptWordIndex`). The words compared take a slot each, in the order
        // met; `alike` holds a slot's similarities, one per receipt word, -1 for not compared.
        let rows = words.count
        var slotOf = [Int](repeating: -1, count: distinctWords.count)
        var compared: [Int] = []
        var alike: [Int] = []
        var counts = [Int](repeating: 0, count: 2 * distinctWords.count)
        for (row, word) in words.enumerated() {
            index.forEachCandidate(of: word, counts: &counts) { column in
                var slot = slotOf[column]
                if slot < 0 {
                    slot = compared.count
                    slotOf[column] = slot
                    compared.append(column)
                    alike.append(contentsOf: repeatElement(-1, count: rows))
                }
                if alike[slot * rows + row] < 0 { alike[slot * rows + row] = ReceiptMatcher.similarity(word, distinctWords[column]) }
            }
        }
        // The entries with a word alike to one of the line's, in the order of `entries` as
        // every entry was visited before: of candidates ranking alike, the first met is kept.
        var isTouched = [Bool](repeating: false, count: entries.count)
        var touched: [Int] = []
        for (slot, column) in compared.enumerated() {
            for row in 0..<rows where alike[slot * rows + row] < 0 { alike[slot * rows + row] = 0 }
            guard alike[(slot * rows)..<(slot * rows + rows)].contains(where: { $0 > 0 }) else { continue }
            for entry in entriesOfWord[column] where !isTouched[entry] {
                isTouched[entry] = true
                touched.append(entry)
            }
        }
        touched.sort()
        let threshold = ReceiptMatcher.doubtfulScore
        func ranksBefore(_ a: ReceiptCandidate, _ b: ReceiptCandidate) -> Bool {
            (a.isOnCart && a.score >= threshold ? 1 : 0, a.score, b.name) > (b.isOnCart && b.score >= threshold ? 1 : 0, b.score, a.name)
        }
        // Only the best few are kept: a vault of thousands needs no full sort per line.
        var candidates: [ReceiptCandidate] = []
        var bestOfWord = [Int](repeating: 0, count: words.count)
        for place in touched {
            let entry = entries[place]
            var score = ReceiptMatcher.score(alike, slots: slotOf, entry.words, best: &bestOfWord)
            if entry.isOnCart && score >= threshold { score = min(99, score + 10) }
            guard score > 0 else { continue }
            let candidate = ReceiptCandidate(item: entry.item, name: entry.name, score: score, isOnCart: entry.isOnCart)
            if candidates.count == ReceiptMatcher.maximumCandidates {
                guard ranksBefore(candidate, candidates[candidates.count - 1]) else { continue }
                candidates.removeLast()
            }
            candidates.insert(candidate, at: candidates.firstIndex { ranksBefore(candidate, $0) } ?? candidates.count)
        }
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

    /// `round(100 × (0.7 × recall + 0.3 × precision))`, in integers (per mille).
    /// - Parameters:
    ///   - alike: the similarities of the words compared, a row of one per receipt word each.
    ///   - slots: each distinct item word's row in `alike`, -1 for one compared with none: 0
    ///     with every receipt word.
    ///   - item: the item's words, as places in `slots`.
    ///   - best: room for each receipt word's best similarity, reused from item to item.
    static func score(_ alike: [Int], slots: [Int], _ item: [Int], best: inout [Int]) -> Int {
        let receipt = best.count
        guard receipt > 0, !item.isEmpty else { return 0 }
        for index in 0..<receipt { best[index] = 0 }
        var recall = 0
        for itemWord in item {
            let slot = slots[itemWord]
            guard slot >= 0 else { continue }
            var top = 0
            for index in 0..<receipt {
                let similarity = alike[slot * receipt + index]
                top = max(top, similarity)
                best[index] = max(best[index], similarity)
            }
            recall += top
        }
        let precision = best.reduce(0, +)
        // recall / item.count and precision / receipt are each in thousandths.
        let perMille = (700 * recall / item.count + 300 * precision / receipt) / 1000
        return (perMille + 5) / 10
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
        guard length >= 4 else { return 0 }
        let limit = length / 4
        guard limit > 0, abs(short.count - long.count) <= limit, let distance = EditDistance.between(short, long, atMost: limit) else { return 0 }
        return 1000 - 1000 * distance / length
    }

    private static func isSubsequence(_ short: [UInt8], of long: [UInt8]) -> Bool {
        var index = 0
        for byte in long where index < short.count && short[index] == byte { index += 1 }
        return index == short.count
    }
}
