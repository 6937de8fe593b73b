@testable import Domain
import TestSupport
import Testing

/// `ReceiptMatcher` compares a receipt's word only with the vault words its index says may be
/// alike, and scores only the items holding one: these tests hold it to the matcher it replaced,
/// which compared every word with every word and scored every item, kept here as the oracle.
@Suite struct ReceiptMatcherIndexTests {
    /// Words the grocery table knows (concepts across languages, abbreviations, compounds),
    /// made-up words sharing letters, short ones, repeated letters, and non-ASCII ones.
    static let vocabulary = [
        "banana", "bananas", "bananen", "banane", "bnnas", "apple", "apfel", "aepfel", "pommes", "potato", "kartoffeln", "milk",
        "milch", "mlk", "lait", "vollmilch", "whole", "semi", "skimmed", "skim", "butter", "beurre", "btr", "cheese", "kase", "bergkase",
        "yogurt", "joghurt", "ygrt", "yog", "bread", "brot", "vollkornbrot", "eggs", "eier", "ei", "chicken", "hahnchen", "tomatoes",
        "tomaten", "rispentomaten", "tea", "tee", "eau", "rice", "riz", "peanut", "lemon", "citron", "orange", "greek", "grk",
        "a", "b", "ab", "abc", "abcd", "bab", "baba", "aaaa", "aaab", "aaaaaaaa", "lalala", "mmmilk", "kokoko", "banbanban",
        "käse", "äpfel", "crème", "épinard", "brötchen", "straße", "ñoquis", "日本茶", "日本", "茶葉", "🍌banana", "smørbrød", "çava",
    ]
    static let letters: [String] = ["a", "b", "e", "i", "k", "l", "m", "n", "o", "r", "s", "t", "ä", "é", "茶"]

    static func madeUpWord(_ generator: inout SeededGenerator) -> String {
        let count = Int.random(in: 1...12, using: &generator)
        return (0..<count).map { _ in letters.randomElement(using: &generator) ?? "a" }.joined()
    }

    static func word(_ generator: inout SeededGenerator) -> String {
        Bool.random(using: &generator) ? vocabulary.randomElement(using: &generator) ?? "milk" : madeUpWord(&generator)
    }

    /// A receipt's misreading of `word`: as is, cut off, abbreviated, one or two typos, or
    /// another word altogether.
    static func misread(_ word: String, _ generator: inout SeededGenerator) -> String {
        var characters = Array(word)
        switch Int.random(in: 0..<6, using: &generator) {
        case 0: return word.uppercased()
        case 1: return String(characters.prefix(Int.random(in: 1...max(1, characters.count), using: &generator)))
        case 2:
            // Letters dropped after the first, keeping about half or more.
            guard characters.count > 2 else { return word }
            let kept = [characters[0]] + characters.dropFirst().filter { _ in Int.random(in: 0..<3, using: &generator) > 0 }
            return String(kept)
        case 3, 4:
            for _ in 0..<Int.random(in: 1...2, using: &generator) {
                let letter = Character(letters.randomElement(using: &generator) ?? "x")
                let place = Int.random(in: 0...characters.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: characters.insert(letter, at: place)
                case 1 where place < characters.count: characters[place] = letter
                default: if place < characters.count { characters.remove(at: place) }
                }
            }
            return String(characters)
        default: return self.word(&generator)
        }
    }

    @Test func matchesAsComparingEveryWordWithEveryWordDid() {
        var generator = SeededGenerator(state: 2026)
        var compared = 0
        for round in 0..<200 {
            let itemCount = Int.random(in: 0...(round % 10 == 0 ? 120 : 40), using: &generator)
            var items: [Item] = []
            for place in 0..<itemCount {
                let name = (0..<Int.random(in: 1...4, using: &generator)).map { _ in Self.word(&generator) }.joined(separator: " ")
                items.append(Item(id: ItemID("item-\(place)"), name: name, categoryID: CategoryID("pantry")))
            }
            let categories = [Category(id: CategoryID("produce"), name: "Produce", sortOrder: 0),
                              Category(id: CategoryID("dairy"), name: "Dairy", sortOrder: 1)]
            var cart: [CartItem] = []
            for line in 0..<Int.random(in: 0...3, using: &generator) {
                if let item = items.randomElement(using: &generator), Bool.random(using: &generator) {
                    cart.append(CartItem(itemID: item.id, name: item.name, categoryName: nil, quantity: .one, unit: .each))
                } else {
                    cart.append(CartItem(itemID: ItemID("impulse-\(line)"), name: Self.word(&generator), categoryName: nil, quantity: .one, unit: .each))
                }
            }
            let store = StoreID("aldi")
            let aliases = ReceiptAliases(items.prefix(2).map { ReceiptAlias(store: store, receiptName: "ALIAS \($0.name)", item: $0.id) })
            let matcher = ReceiptMatcher(items: items, categories: categories, cart: cart)
            let oracle = BruteForceMatcher(items: items, categories: categories, cart: cart)
            #expect(matcher == ReceiptMatcher(items: items.shuffled(using: &generator), categories: categories, cart: cart))
            for _ in 0..<25 {
                var name: String
                if let item = items.randomElement(using: &generator), Int.random(in: 0..<4, using: &generator) > 0 {
                    var words = item.name.split(separator: " ").map { Self.misread(String($0), &generator) }
                    if Bool.random(using: &generator) { words.insert(Self.word(&generator), at: Int.random(in: 0...words.count, using: &generator)) }
                    if Bool.random(using: &generator) { words.append("1KG") }
                    name = words.joined(separator: " ")
                    if Int.random(in: 0..<20, using: &generator) == 0 { name = "ALIAS \(item.name)" }
                } else {
                    name = (0..<Int.random(in: 0...10, using: &generator)).map { _ in Self.word(&generator) }.joined(separator: " ")
                }
                let at: StoreID? = Bool.random(using: &generator) ? store : nil
                let expected = oracle.match(name, store: at, aliases: aliases)
                let actual = matcher.match(name, store: at, aliases: aliases)
                #expect(actual == expected, "round \(round), \(name)")
                compared += 1
            }
        }
        #expect(compared == 5_000)
    }
}

/// The matcher as it was before its word index (at 4a4db0b): each receipt word against every
/// distinct vault word, then every entry scored. `ReceiptMatcher.similarity` says how alike two
/// words are; what is compared with what, and scored, is this oracle's own.
private struct BruteForceMatcher {
    struct Entry {
        let item: ItemID
        let name: String
        let words: [Int]
        let isOnCart: Bool
    }

    let entries: [Entry]
    let distinctWords: [MatchWord]
    let known: Set<ItemID>
    let categories: [String: CategoryID]

    init(items: [Item], categories: [Category], cart: [CartItem]) {
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
        self.known = Set(entries.map(\.item))
        var byName: [String: CategoryID] = [:]
        for category in categories { byName[Name.key(category.name)] = category.id }
        self.categories = byName
    }

    func match(_ receiptName: String, store: StoreID?, aliases: ReceiptAliases) -> ReceiptMatch {
        if let store, let item = aliases.item(for: receiptName, at: store), known.contains(item),
           let entry = entries.first(where: { $0.item == item }) {
            return ReceiptMatch(verdict: .alias,
                                candidates: [ReceiptCandidate(item: item, name: entry.name, score: 100, isOnCart: entry.isOnCart)])
        }
        let words = Array(GroceryWords.words(receiptName).prefix(ReceiptMatcher.maximumWords))
        let width = distinctWords.count
        var alike = [Int](repeating: 0, count: words.count * width)
        for (row, word) in words.enumerated() {
            for (column, itemWord) in distinctWords.enumerated() { alike[row * width + column] = ReceiptMatcher.similarity(word, itemWord) }
        }
        let threshold = ReceiptMatcher.doubtfulScore
        func ranksBefore(_ a: ReceiptCandidate, _ b: ReceiptCandidate) -> Bool {
            (a.isOnCart && a.score >= threshold ? 1 : 0, a.score, b.name) > (b.isOnCart && b.score >= threshold ? 1 : 0, b.score, a.name)
        }
        var candidates: [ReceiptCandidate] = []
        var bestOfWord = [Int](repeating: 0, count: words.count)
        for entry in entries {
            var score = Self.score(alike, width: width, entry.words, best: &bestOfWord)
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

    static func score(_ alike: [Int], width: Int, _ item: [Int], best: inout [Int]) -> Int {
        let receipt = best.count
        guard receipt > 0, !item.isEmpty else { return 0 }
        for index in 0..<receipt { best[index] = 0 }
        var recall = 0
        for itemWord in item {
            var top = 0
            for index in 0..<receipt {
                let similarity = alike[index * width + itemWord]
                top = max(top, similarity)
                best[index] = max(best[index], similarity)
            }
            recall += top
        }
        let precision = best.reduce(0, +)
        let perMille = (700 * recall / item.count + 300 * precision / receipt) / 1000
        return (perMille + 5) / 10
    }
}
