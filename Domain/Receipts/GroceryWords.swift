/// One word of a name as the matcher compares it: as printed (folded), and the grocery it
/// means in English when the word table knows it (`bananen`: `banana`).
struct MatchWord: Sendable, Hashable {
    let surface: [UInt8]
    let concept: [UInt8]
}

/// A small table of everyday grocery words across German, French and English, and the noise
/// receipts wrap them in (sizes, `BIO`, house brands), so that `BIO BANANEN 1KG` and `Bananas`
/// compare as the same words.
enum GroceryWords {
    /// The words of `name` that say what it is: folded (case, accents), with sizes, numbers and
    /// noise taken out and each word given its concept.
    static func words(_ name: String) -> [MatchWord] {
        var tokens = tokens(of: Name.key(name))
        tokens = tokens.filter { !isSize($0) && !noise.contains($0) }
        tokens = replacingPhrases(tokens)
        var words: [MatchWord] = []
        for token in tokens {
            if let entry = table[token] ?? table[singular(token)] {
                words.append(MatchWord(surface: Array(token.utf8), concept: Array(entry.concept.utf8)))
            } else if let (head, entry) = compoundHead(token) {
                // `vollmilch` is whole milk, `bergkase` a cheese: German glues a word to its kind.
                let modifier = String(token.dropLast(head.count))
                if let first = table[modifier] {
                    words.append(MatchWord(surface: Array(modifier.utf8), concept: Array(first.concept.utf8)))
                }
                words.append(MatchWord(surface: Array(token.utf8), concept: Array(entry.concept.utf8)))
            } else {
                words.append(MatchWord(surface: Array(token.utf8), concept: Array(token.utf8)))
            }
        }
        return words
    }

    /// The runs of letters and digits of a folded name. A vault's names are mostly ASCII, and
    /// a matcher splits thousands of them: those are split byte by byte.
    private static func tokens(of key: String) -> [String] {
        guard key.utf8.allSatisfy({ $0 < 0x80 }) else {
            return key.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
        }
        return key.utf8.split(whereSeparator: { byte in
            !((byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39))
        }).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The category the words' groceries belong to (one of `Category.defaultNames`), if any.
    static func category(of words: [MatchWord]) -> String? {
        for word in words.reversed() {
            if let category = categories[String(decoding: word.concept, as: UTF8.self)] { return category }
        }
        return nil
    }

    /// `1l`, `500g`, `2pt`, `x8`, `6x1`, `12ct`, `10st`, and bare numbers.
    private static func isSize(_ token: String) -> Bool {
        let digits = token.prefix(while: \.isNumber)
        let rest = token.dropFirst(digits.count)
        if rest.isEmpty { return !digits.isEmpty }
        if digits.isEmpty { return token.hasPrefix("x") && token.count > 1 && token.dropFirst().allSatisfy(\.isNumber) }
        if rest.hasPrefix("x") { return rest.dropFirst().allSatisfy(\.isNumber) }
        return sizeUnits.contains(String(rest))
    }

    private static let sizeUnits: Set<String> = [
        "l", "ml", "cl", "g", "gr", "kg", "lb", "lbs", "oz", "pt", "pts", "pint", "pints", "gal", "pk", "pack", "ct", "st", "stk",
        "er", "p", "x", "dz",
    ]

    /// Words that say nothing about what an item is: quality labels, house brands, fillers.
    private static let noise: Set<String> = [
        "bio", "organic", "org", "og", "fairtrade", "gut", "ja", "tesco", "js", "gv", "great", "value", "kirkland", "ks", "tj", "tjs",
        "asda", "sainsbury", "sainsburys", "essential", "finest", "milsani", "chiquita", "loose", "lose", "vrac", "cat", "pk", "pack",
        "ct", "ea", "each", "stk", "st", "x", "de", "la", "le", "du", "des", "et", "of", "and", "mit", "am", "im", "aus", "a", "au",
        "gg", "simple", "truth", "kroger", "lidl", "aldi", "rewe", "edeka", "carrefour", "leclerc", "monoprix", "walmart", "target",
    ]

    /// Several words that mean one thing.
    private static let phrases: [([String], [String])] = [
        (["h", "milch"], ["uht", "milk"]), (["long", "life"], ["uht"]), (["longlife"], ["uht"]), (["haltbare"], ["uht"]),
        (["pommes", "terre"], ["potato"]), (["free", "range"], ["freerange"]), (["plein", "air"], ["freerange"]),
        (["paper", "towels"], ["papertowel"]), (["paper", "towel"], ["papertowel"]), (["essuie", "tout"], ["papertowel"]),
        (["toilet", "paper"], ["toiletpaper"]), (["papier", "toilette"], ["toiletpaper"]), (["petit", "pain"], ["roll"]),
        (["demi", "ecreme"], ["semi", "skimmed"]),
    ]

    private static func replacingPhrases(_ tokens: [String]) -> [String] {
        guard tokens.count > 0 else { return tokens }
        var result: [String] = []
        var index = 0
        outer: while index < tokens.count {
            for (phrase, replacement) in phrases where tokens[index...].starts(with: phrase) {
                result += replacement
                index += phrase.count
                continue outer
            }
            result.append(tokens[index])
            index += 1
        }
        return result
    }

    /// concept | category | words (folded as `Name.key` folds them: `käse` is `kase`).
    private static let rows = [
        "banana|Produce|banana bananas banane bananen bananes", "apple|Produce|apple apples apfel aepfel pomme pommes",
        "potato|Produce|potato potatoes kartoffel kartoffeln patate patates spud", "tomato|Produce|tomato tomatoes tomate tomaten tomates",
        "carrot|Produce|carrot carrots karotte karotten mohre mohren carotte carottes",
        "cucumber|Produce|cucumber cucumbers gurke gurken concombre",
        "onion|Produce|onion onions zwiebel zwiebeln oignon oignons", "lettuce|Produce|lettuce salat laitue salade eisbergsalat",
        "strawberry|Produce|strawberry strawberries erdbeere erdbeeren fraise fraises", "orange|Produce|orange oranges orangen",
        "lemon|Produce|lemon lemons zitrone zitronen citron citrons", "avocado|Produce|avocado avocados avocat avocats",
        "spinach|Produce|spinach spinat epinard epinards", "grape|Produce|grape grapes traube trauben raisin raisins",
        "milk|Dairy|milk milch lait mlk mlch", "uht|Dairy|uht", "butter|Dairy|butter beurre btr", "cheese|Dairy|cheese kase fromage chs",
        "yogurt|Dairy|yogurt yoghurt joghurt jogurt yaourt yaourts yoghourt ygrt yog", "cream|Dairy|cream sahne creme",
        "egg|Dairy|egg eggs ei eier oeuf oeufs", "bread|Bakery|bread brot pain brd loaf toast toastbrot",
        "roll|Bakery|roll rolls brotchen semmel semmeln bun buns", "water|Beverages|water wasser mineralwasser eau",
        "juice|Beverages|juice saft jus", "beer|Beverages|beer bier biere", "wine|Beverages|wine wein vin",
        "coffee|Pantry|coffee kaffee cafe", "tea|Pantry|tea tee", "sugar|Pantry|sugar zucker sucre", "flour|Pantry|flour mehl farine",
        "rice|Pantry|rice reis riz", "pasta|Pantry|pasta nudeln pates spaghetti", "beans|Pantry|beans bean bohnen haricots",
        "chicken|Meat & Fish|chicken hahnchen huhn poulet hahnchenbrustfilet", "beef|Meat & Fish|beef rind rindfleisch boeuf",
        "pork|Meat & Fish|pork schwein porc", "ham|Meat & Fish|ham schinken jambon", "fish|Meat & Fish|fish fisch poisson",
        "crisps|Snacks|crisps chips", "chocolate|Snacks|chocolate schokolade chocolat", "papertowel|Household|papertowel kuchenrolle",
        "toiletpaper|Household|toiletpaper toilettenpapier", "whole|Dairy|whole voll entier whl", "semi|Dairy|semi halbfett",
        "skimmed|Dairy|skimmed skim ecreme", "freerange|Dairy|freerange freiland", "white|Bakery|white wht weiss blanc",
        "greek|Dairy|greek grk griechischer", "wholemeal|Bakery|wholemeal vollkorn complet",
    ]

    private static let table: [String: (concept: String, category: String?)] = {
        var table: [String: (concept: String, category: String?)] = [:]
        for row in rows {
            let parts = row.split(separator: "|").map(String.init)
            for word in parts[2].split(separator: " ") { table[String(word)] = (parts[0], parts[1]) }
        }
        return table
    }()

    /// Concepts that name a grocery (not a qualifier such as `whole`), by category.
    private static let categories: [String: String] = {
        let qualifiers: Set<String> = ["whole", "semi", "skimmed", "freerange", "white", "greek", "wholemeal", "uht"]
        var categories: [String: String] = [:]
        for row in rows {
            let parts = row.split(separator: "|").map(String.init)
            if !qualifiers.contains(parts[0]) { categories[parts[0]] = parts[1] }
        }
        return categories
    }()

    /// The most bytes a table word has (so the most letters too): no longer ending of a token
    /// can be one, and a token of 100,000 letters (a hostile receipt) is looked up 20 times,
    /// not 100,000 (looked up at every ending, a review of such a line took minutes).
    private static let longestWord = table.keys.map(\.utf8.count).max() ?? 0

    private static func compoundHead(_ token: String) -> (String, (concept: String, category: String?))? {
        // The longest table word of four letters or more that ends the token and leaves at
        // least two letters before it: the token's endings looked up, longest first (byte by
        // byte for an ASCII token, where a byte is a letter).
        let bytes = Array(token.utf8)
        if bytes.allSatisfy({ $0 < 0x80 }) {
            guard bytes.count >= 6 else { return nil }
            for length in stride(from: min(bytes.count - 2, longestWord), through: 4, by: -1) {
                let head = String(decoding: bytes[(bytes.count - length)...], as: UTF8.self)
                if let entry = table[head] { return (head, entry) }
            }
            return nil
        }
        let characters = Array(token)
        guard characters.count >= 6 else { return nil }
        for length in stride(from: min(characters.count - 2, longestWord), through: 4, by: -1) {
            let head = String(characters[(characters.count - length)...])
            if let entry = table[head] { return (head, entry) }
        }
        return nil
    }

    /// `tomatoes` as `tomatoe`, `bananas` as `banana`: a plural's last letter off.
    private static func singular(_ token: String) -> String {
        token.count > 3 && token.hasSuffix("s") && !token.hasSuffix("ss") ? String(token.dropLast()) : token
    }
}
