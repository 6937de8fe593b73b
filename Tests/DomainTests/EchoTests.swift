import Domain
import Testing

@Suite struct EchoTests {
    @Test(arguments: [
        ("\u{1B}]0;PWNED\u{7}", "\\e]0;PWNED\\u{7}"),   // sets the window title
        ("\u{1B}[2J", "\\e[2J"),                          // clears the screen
        ("a\tb\nc\rd", "a\\tb\\nc\\rd"),
        ("\u{0}\u{7F}\u{9B}", "\\u{0}\\u{7f}\\u{9b}"),   // NUL, DEL, and C1's one-character CSI
        ("line\u{2028}break", "line\\u{2028}break"),
        ("Milk\u{202E}9.99\u{202C}", "Milk\\u{202e}9.99\\u{202c}"),   // an override reorders what follows
        ("a\u{2066}b\u{2069}", "a\\u{2066}b\\u{2069}"),             // an isolate likewise
        ("\u{5D7}\u{5DC}\u{5D1}\u{200F}", "\u{5D7}\u{5DC}\u{5D1}\u{200F}"),  // right-to-left text and its mark stay
        ("Crème fraîche 🧀", "Crème fraîche 🧀"),        // printable text stays as it is
        ("back\\slash", "back\\slash"),
    ])
    func controlCharactersAreShownEscaped(text: String, shown: String) {
        #expect(Echo.escaped(text) == shown)
    }

    @Test func longTextIsCutAtSixtyCharactersWithAnEllipsis() {
        let long = String(repeating: "x", count: 200)
        #expect(Echo.shortened(long) == String(repeating: "x", count: 60) + "...")
        #expect(Echo.shortened(String(repeating: "x", count: 60)) == String(repeating: "x", count: 60))
        #expect(Echo.quoted(long) == "\"" + String(repeating: "x", count: 60) + "...\"")
    }

    /// One character can hold any number of combining marks: 60 characters bound nothing.
    @Test func echoedTextIsCutAtTwoHundredFortyBytesToo() {
        let heavy = "a" + String(repeating: "\u{301}", count: 100_000) + "b"
        #expect(Echo.shortened(heavy) == "a...")
        let families = String(repeating: "👨‍👩‍👧", count: 20)   // 18 bytes each
        #expect(Echo.shortened(families) == String(repeating: "👨‍👩‍👧", count: 13) + "...")
        #expect(Echo.shortened("Crème fraîche") == "Crème fraîche")
    }

    @Test func anEscapeIsNeverCutInTwo() {
        let text = String(repeating: "x", count: 57) + "\u{1B}\u{1B}"   // 57 + 2 + 2 characters shown
        #expect(Echo.shortened(text) == String(repeating: "x", count: 57) + "\\e...")
    }

    @Test func errorsQuoteWhatWasTypedSafely() {
        let typed = "\u{1B}]0;PWNED\u{7}"
        #expect(DomainError.notFound(kind: .cart, name: typed, suggestion: nil).description == "no cart named \"\\e]0;PWNED\\u{7}\"")
        #expect(DomainError.invalidAmount(typed,
            reason: "write a number").description == "\"\\e]0;PWNED\\u{7}\" is not a valid amount: write a number")
        #expect(DomainError.notAllowed(cart: "W\u{1B}[2J", status: .completed, action: .edit).description
            == "cart \"W\\e[2J\" is completed; reopen it to change it")
        let long = DomainError.notFound(kind: .item, name: String(repeating: "y", count: 500), suggestion: nil).description
        #expect(long.count == "no item named \"\"...".count + 60)
        for error in
            [DomainError.notFound(kind: .item, name: typed, suggestion: typed), .ambiguous(kind: .item, name: typed, candidates: [typed]),
                      .invalidName(kind: "store", name: typed, reason: "it contains control characters"), .unknownUnit(typed),
                          .invalidDate(typed),
                      .duplicateName(kind: "store", name: typed), .notOnCart(item: typed, cart: typed), .priceRequired(item: typed)] {
            #expect(!error.description.unicodeScalars.contains(where: Echo.needsEscape), "\(error)")
        }
    }

    @Test func aNameTooLongIsQuotedCutNotWhole() throws {
        let name = String(repeating: "n", count: 150)
        let error = try #require(throws: DomainError.self) { try Name.validated(name, kind: "store") }
        #expect("\(error)" == "\"\(String(repeating: "n", count: 60))...\" cannot be a store name: it is longer than 100 characters")
    }
}
