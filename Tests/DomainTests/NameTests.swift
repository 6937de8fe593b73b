import Domain
import Testing

/// `Name`'s rules: bounded in characters and in bytes, and free of what would drive or reorder a
/// terminal's line; every script, accent and emoji a person types still fits.
@Suite struct NameTests {
    /// One character: a letter under 400,000 combining acute accents, 800 KB of UTF-8.
    static let heavyLetter = "a" + String(repeating: "\u{301}", count: 400_000)

    @Test func oneLetterUnderAPageOfAccentsIsRefusedByItsBytes() throws {
        #expect(Self.heavyLetter.count == 1 && Self.heavyLetter.utf8.count == 800_001)
        let error = try #require(throws: DomainError.self) { try Name.validated(Self.heavyLetter, kind: "cart") }
        // One short line: the name is quoted cut, not whole.
        #expect("\(error)" == "\"a...\" cannot be a cart name: it is longer than 400 bytes of UTF-8 (accents and emoji take several)")
    }

    @Test func aHundredCharactersOfAnyScriptFitButNotAHundredAndOne() throws {
        for letter in ["x", "ü", "東", "😀"] {   // 1 to 4 bytes each
            let name = String(repeating: letter, count: Name.maximumLength)
            #expect(try Name.validated(name, kind: "item") == name)
            #expect(throws: DomainError.self) { try Name.validated(name + letter, kind: "item") }
        }
        let joined = String(repeating: "👨‍👩‍👧", count: 22)   // 18 bytes each: 396
        #expect(try Name.validated(joined, kind: "item") == joined)
        #expect(throws: DomainError.self) { try Name.validated(joined + "👨‍👩‍👧", kind: "item") }
    }

    @Test(arguments: ["\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}"])
    func aDirectionEmbeddingOverrideOrIsolateIsRefused(control: String) throws {
        let error = try #require(throws: DomainError.self) { try Name.validated("Z" + control + "evil", kind: "store") }
        let escaped = Echo.escape(control.unicodeScalars.first!)
        #expect("\(error)"
            == "\"Z\(escaped)evil\" cannot be a store name: it contains \(escaped), a direction control "
            + "that reorders the text shown after it")
    }

    @Test func aLineSeparatorIsRefusedAsAControlCharacterIs() {
        #expect(throws: DomainError.invalidName(kind: "item", name: "Milk\u{2028}Bread",
            reason: "it contains \\u{2028}, a line or paragraph separator")) {
            try Name.validated("Milk\u{2028}Bread", kind: "item")
        }
        #expect(throws: DomainError.invalidName(kind: "item", name: "Mi\u{9B}lk", reason: "it contains control characters")) {
            try Name.validated("Mi\u{9B}lk", kind: "item")
        }
    }

    @Test(arguments: ["Crème fraîche", "naïve", "Zürich", "東京", "👨‍👩‍👧", "Cre\u{300}me frai\u{302}che",
                      "\u{5D7}\u{5DC}\u{5D1}\u{200F} 3%",
                      "\u{627}\u{644}\u{62E}\u{628}\u{632}\u{61C}", "left\u{200E}mark", "Ærøskøbing Æbleskiver"])
    func everyScriptAccentAndEmojiAPersonTypesIsAName(name: String) throws {
        #expect(try Name.validated(name, kind: "item") == name)
        #expect(try Name.validated("  " + name + " ", kind: "item") == name)
    }

    /// A name stored before the byte bound and the direction rule still opens; a control
    /// character never did.
    @Test func aNameStoredUnderTheOldRulesStillReads() throws {
        for stored in [Self.heavyLetter, "Z\u{202E}evil", "Milk\u{2028}Bread"] {
            #expect(try Name.validatedAsStored(stored, kind: "name") == stored)
            #expect(throws: DomainError.self) { try Name.validated(stored, kind: "name") }
        }
        #expect(throws: DomainError.self) { try Name.validatedAsStored("Mi\u{7}lk", kind: "name") }
        #expect(throws: DomainError.self) { try Name.validatedAsStored(String(repeating: "x", count: 101), kind: "name") }
    }

    @Test func aNameMadeFromAnotherIsCutToFitBothBounds() throws {
        let long = String(repeating: "x", count: 150)
        #expect(Name.prefix(of: long) == String(repeating: "x", count: 100))
        #expect(Name.prefix(of: long, reserving: 8) == String(repeating: "x", count: 92))
        let emoji = String(repeating: "👨‍👩‍👧", count: 30)   // 30 characters, 540 bytes
        let cut = Name.prefix(of: emoji, reserving: 8)
        #expect(cut == String(repeating: "👨‍👩‍👧", count: 21) && cut.utf8.count + 8 <= Name.maximumBytes)
        #expect(try Name.validated(cut + " receipt", kind: "trip") == cut + " receipt")
        #expect(Name.prefix(of: Self.heavyLetter).isEmpty)
        #expect(Name.prefix(of: "Milk") == "Milk")
    }
}
