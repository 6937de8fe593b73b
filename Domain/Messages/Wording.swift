/// Counted nouns and articles for every message, so that none says "1 carts" or "a item".
///
/// Domain's, not Presentation's: `DomainError`'s descriptions and the use cases' undo
/// summaries ("imported 2 trips with 14 purchases") are written in Domain, which depends on
/// nothing.
public enum Wording {
    /// The count and the noun, singular for exactly one: "1 active cart", "2 active carts",
    /// "3 categories". The plural adds the regular English ending to the last word, unless
    /// `plural` (the whole plural noun) is given.
    public static func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
        "\(count) " + (count == 1 ? noun : plural ?? pluralOf(noun))
    }

    /// The noun after "a" or "an" as it sounds: "an item", "an impulse buy", "a cart", "a unit".
    public static func withArticle(_ noun: String) -> String { article(noun) + " " + noun }

    /// "an" before a vowel sound, else "a". Only the first letter is heard, except that the
    /// "you" of unit, usual, euro and one-word "one" takes "a".
    public static func article(_ noun: String) -> String {
        let word = noun.lowercased()
        if ["uni", "use", "usu", "eu", "one"].contains(where: word.hasPrefix) { return "a" }
        return "aeiou".contains(word.prefix(1)) && !word.isEmpty ? "an" : "a"
    }

    private static func pluralOf(_ noun: String) -> String {
        let vowels = "aeiou"
        if noun.hasSuffix("y"), let before = noun.dropLast().last, !vowels.contains(before.lowercased()) { return noun.dropLast() + "ies" }
        if ["s", "x", "z", "ch", "sh"].contains(where: noun.hasSuffix) { return noun + "es" }
        return noun + "s"
    }
}
