/// The words receipts use for what is not an item, in German, French and English, compared
/// as `ReceiptVocabulary.keys` folds them (lower case, no accents, `ß` as `ss`).
enum ReceiptVocabulary {
    /// A line's words folded for comparison: `Rückgeld:` is `ruckgeld`, `H-MILCH` is `h`, `milch`.
    static func keys(_ text: String) -> [String] {
        Name.key(text).split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
    }

    /// The stated total. Only a line with nothing but the phrase, a currency and one amount
    /// counts, so `TOTAL SAVINGS` or `TOTAL HT` never does.
    static let total = phrases([
        "summe", "gesamt", "gesamtsumme", "gesamtbetrag", "endsumme", "zu zahlen", "total", "total ttc", "total a payer",
        "a payer", "net a payer", "montant a payer", "balance due", "amount due", "total due", "grand total", "total to pay",
        "to pay", "balance", "balance to pay", "net total", "nett total", "total amount", "rounded total", "total payable",
        "amount payable",
    ])

    /// Cash rounding (to 5 cents, in Malaysia, Switzerland, the Netherlands...): a signed amount
    /// between what the goods cost and the total paid, never a purchase.
    static let rounding = phrases(["rounding", "rounding adj", "rounding adjustment", "rounding adjmt", "arrondi", "rundung",
                                   "rundungsdifferenz", "afronding"])

    /// Currency codes printed as words (`Total Amount (RM)`), which a total's or a rounding's
    /// phrase may carry.
    static let currencyWords: Set<String> = ["eur", "euro", "gbp", "usd", "chf", "rm", "myr", "sgd"]

    /// Sales tax added on top of the prices (US receipts), before the total.
    static let addedTax = phrases(["tax", "sales tax", "state tax", "local tax", "tax 1", "tax 2"])

    /// Lines set aside, by what they are.
    static let noise: [([String], IgnoredReceiptLine.Reason)] = {
        let table: [(IgnoredReceiptLine.Reason, [String])] = [
            (.loyalty, ["total savings", "your savings", "you saved", "savings total", "today s savings", "clubcard points",
                        "clubcard savings",
                        "points", "punkte", "payback", "nectar points", "nectar", "points fidelite", "fidelite", "cagnotte",
                        "vous avez economise", "economie", "economies", "sie sparen", "ihre ersparnis", "ersparnis", "gespart",
                        "lidl plus", "rewards", "fuel points", "member", "bonus", "ihr vorteil"]),
            (.subtotal, ["subtotal", "sub total", "zwischensumme", "zw summe", "sous total", "total ht", "total sales",
                         "total sales incl gst", "total sales excl gst", "total incl gst", "total excl gst", "total before rounding"]),
            (.vat, ["mwst", "ust", "steuer", "tva", "vat", "netto", "brutto", "ht", "taux", "total tva", "total tax", "tax id", "ust id",
                    "steuer nr", "st nr", "siret", "siren", "vat no", "vat number", "gst", "sst", "gst summary", "gst id", "gst reg",
                    "gst reg no", "service tax", "tax invoice", "sr", "zr"]),
            (.payment, ["visa", "mastercard", "master card", "maestro", "amex", "american express", "debit", "credit", "ec", "ec karte",
                        "ec cash", "girocard", "kartenzahlung", "karte", "geg", "gegeben bar", "kartenzahl", "bar", "bargeld", "cash", "cb",
                        "rueckgeld",
                        "carte bancaire", "paiement", "especes", "carte bleue", "rendu", "rendu monnaie", "monnaie", "gegeben", "ruckgeld",
                        "change", "change due", "tend", "tendered", "auth", "auth code", "approval", "appr", "terminal", "tid",
                        "mid", "trace", "beleg", "belegnr", "beleg nr", "aid", "contactless", "sans contact", "kontaktlos", "betrag",
                        "montant", "amount", "paid", "payment", "card", "transaktion", "trans", "autorisation", "genehmigung",
                        "emv", "pan", "pin", "ref", "tc", "trx", "kundenbeleg", "haendlerbeleg", "handlerbeleg", "ticket client"]),
            (.itemCount, ["total items", "total number of items", "anzahl artikel", "artikelanzahl", "items", "item count", "items sold",
                          "number of items", "nb articles", "nombre d articles", "articles", "anzahl"]),
            (.footer, ["danke", "vielen dank", "merci", "thank", "thanks", "au revoir", "bis bald", "a bientot", "see you",
                       "please", "bitte", "welcome", "willkommen", "bienvenue", "www", "http", "https", "tel", "telefon", "phone",
                       "fax", "open", "opening", "offnungszeiten", "geoffnet", "horaires", "es bediente", "kasse", "caisse",
                       "cashier", "register", "filiale", "store", "st", "op", "te", "tr", "bon", "bon nr", "receipt"]),
        ]
        return table.flatMap { reason, list in phrases(list).map { ($0, reason) } }
    }()

    /// Words that make a priced line that names no grocery a VAT note wherever they stand.
    static let vatWords: Set<String> = ["mwst", "ust", "tva", "vat", "steuer"]

    /// A word that makes a line a deposit: it is its own line, paid (or refunded) like an item.
    static let depositWords: Set<String> = [
        "pfand", "einwegpfand", "mehrwegpfand", "leergut", "pfandruckgabe", "consigne", "consignes", "deposit", "dep", "crv", "redemption",
    ]

    /// Words that make any line without a price taken off a savings or points summary.
    static let loyaltyWords: Set<String> = [
        "gespart", "ersparnis", "economise", "economisez", "saved", "punkte", "points", "payback", "guthaben", "bonus",
    ]

    /// A word that makes a line a discount on the line above.
    static let discountWords: Set<String> = [
        "rabatt", "sofortrabatt", "preisvorteil", "preisnachlass", "nachlass", "aktionsrabatt", "coupon", "gutschein", "promo",
        "promotion", "remise", "reduction", "reduc", "savings", "saving", "discount", "disc", "clubcard", "nectar", "mhd",
        "multibuy", "offer", "aktion", "rollback", "rabais", "bon reduc", "coupons", "markdown", "price cut", "voucher",
    ]

    /// A heading between items: a whole line of these words.
    static let sectionWords: Set<String> = [
        "produce", "dairy", "grocery", "groceries", "meat", "seafood", "bakery", "frozen", "deli", "household", "beverages",
        "obst", "gemuse", "molkerei", "getranke", "tiefkuhl", "backwaren", "fleisch", "fruits", "legumes", "epicerie",
        "cremerie", "boissons", "home", "pharmacy", "drogerie", "surgeles", "boulangerie", "boucherie", "et", "und", "and", "health",
        "beauty", "snacks",
    ]

    /// Words that count items after a number: `12 Artikel`.
    static let countWords: Set<String> = ["artikel", "items", "item", "articles", "article", "posten", "pieces", "stuck"]

    /// Known chains and how to spell them, longest first so `Trader Joe's` wins over a shorter
    /// name inside it.
    static let chains: [([String], String)] = [
        ("aldi", "Aldi"), ("lidl", "Lidl"), ("rewe", "Rewe"), ("edeka", "Edeka"), ("netto", "Netto"), ("penny", "Penny"),
        ("kaufland", "Kaufland"), ("rossmann", "Rossmann"), ("carrefour", "Carrefour"), ("leclerc", "E.Leclerc"),
        ("monoprix", "Monoprix"), ("auchan", "Auchan"), ("intermarche", "Intermarché"), ("franprix", "Franprix"),
        ("tesco", "Tesco"), ("sainsbury s", "Sainsbury's"), ("sainsburys", "Sainsbury's"), ("asda", "Asda"),
        ("morrisons", "Morrisons"), ("waitrose", "Waitrose"), ("walmart", "Walmart"), ("wal mart", "Walmart"),
        ("target", "Target"), ("kroger", "Kroger"), ("trader joe s", "Trader Joe's"), ("whole foods", "Whole Foods"),
        ("safeway", "Safeway"), ("costco", "Costco"), ("publix", "Publix"), ("migros", "Migros"), ("coop", "Coop"),
    ].map { (keys($0.0), $0.1) }.sorted { $0.0.count > $1.0.count }

    /// Words that say what a line is without naming a grocery: every word of the tables above,
    /// and the small words printed around them (`Sie haben heute 1,20 gespart`, `VISA CHARGE`).
    static let ownWords: Set<String> = {
        var words = Set((total + rounding + addedTax + noise.map(\.0)).joined())
        words.formUnion(currencyWords)
        words.formUnion(depositWords)
        words.formUnion(loyaltyWords)
        words.formUnion(discountWords.flatMap(keys))
        words.formUnion(countWords)
        words.formUnion([
            "heute", "today", "this", "visit", "your", "you", "yours", "sie", "haben", "ihr", "ihre", "wir", "mit", "with", "de", "du",
            "la", "le", "les", "des", "en", "au", "aux", "der", "die", "das", "den", "dem", "und", "and", "et", "on", "sur", "auf",
            "von", "vom", "of", "the", "for", "pour", "par", "avec", "fur", "im", "in", "at", "eur", "euro", "euros", "chf", "gbp",
            "usd", "due", "sale", "charge", "approved", "purchase", "price", "prix", "preis", "off", "plus", "number", "no", "nr",
            "num", "id", "code", "rate", "satz", "net", "gross", "ttc", "incl", "inkl", "excl", "zzgl", "enth", "enthalten", "sum",
            "amount", "betrag", "umsatz", "nettoumsatz", "bruttoumsatz", "kunde", "kunden", "customer", "copy", "exempt",
        ])
        return words
    }()

    /// Whether `keys` have a word that is none of the receipt's own (`ownWords`) and has two
    /// letters or more: a grocery's name (`APFELSAFT` in `NETTO APFELSAFT`, `MILK` in `2% MILK`),
    /// not a tax code (`A`, `B=`) or a size (`500G`).
    static func namesAGrocery(_ keys: some Sequence<String>) -> Bool {
        keys.contains { key in !ownWords.contains(key) && key.count(where: \.isLetter) >= 2 && key.first?.isNumber == false }
    }

    /// The keys of a line as OCR may have garbled a total's phrase: letters spread out
    /// (`S U M M E`), digits for letters (`T0TAL`, `5UMME`) and one letter misread (`SUMHE`):
    /// put back to the phrase's word. Only for telling a total, whose line holds nothing else.
    static func ocrTolerant(_ keys: [String]) -> [String] {
        // Three or more single letters in a row are one word spread out.
        var joined: [String] = [], run: [String] = []
        func flush() {
            if run.count >= 3 { joined.append(run.joined()) } else { joined += run }
            run = []
        }
        for key in keys {
            if key.count == 1, key.first?.isLetter == true { run.append(key) } else {
                flush()
                joined.append(key)
            }
        }
        flush()
        return joined.map { key in
            guard key.contains(where: \.isLetter) else { return key }
            let letters = String(key.map { ["0": "o", "1": "l", "5": "s", "8": "b"][$0] ?? $0 })
            if totalWords.contains(letters) { return letters }
            // One letter misread, left out or added: the matcher's edit distance.
            return letters.count >= 5
                ? totalWords.first { EditDistance.between(Array(letters.utf8), Array($0.utf8), atMost: 1) == 1 } ?? key
                : key
        }
    }

    /// The one-word phrases of `total`, which OCR's misreadings are put back to.
    private static let totalWords: [String] = total.filter { $0.count == 1 }.map { $0[0] }

    /// Whether `keys` starts with one of `phrases`; the longest such phrase's length.
    static func prefix(of keys: [String], in phrases: [[String]]) -> Int? {
        phrases.filter { keys.starts(with: $0) }.map(\.count).max()
    }

    private static func phrases(_ list: [String]) -> [[String]] { list.map(keys) }
}
