// How long parsing and matching a 40-line receipt against a vault of 500 items (or as many as
// the first argument says) takes, in a release build: compiled with Domain's sources into one
// optimised program by bench/receipts.sh, which runs it. Not a test: a measurement run by hand
// (docs/RECEIPTS.md).
let groceries = [
    "Bananas", "Apples", "Potatoes", "Tomatoes", "Carrots", "Cucumber", "Onions", "Lettuce", "Strawberries", "Oranges",
    "Lemons", "Avocados", "Spinach", "Grapes", "Milk", "Butter", "Cheese", "Yogurt", "Cream", "Eggs", "Bread", "Rolls",
    "Water", "Juice", "Beer", "Wine", "Coffee", "Tea", "Sugar", "Flour", "Rice", "Pasta", "Beans", "Chicken", "Beef", "Pork",
    "Ham", "Fish", "Crisps", "Chocolate",
]
let kinds = ["", "Organic ", "Whole ", "Fresh ", "Smoked ", "Greek ", "Sliced ", "Frozen ", "Large ", "Mini ", "Red ", "Green ", "Dark "]

let vaultSize = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 500
let vault: [Item] = (0..<vaultSize).map { index in
    let name = kinds[index / groceries.count % kinds.count] + groceries[index % groceries.count] + (index >= 480 ? " \(index)" : "")
    return Item(id: ItemID("i\(index)"), name: name, categoryID: CategoryID("c"))
}

let receipt: String = {
    var lines = ["REWE Markt GmbH", "Domstraße 20", "50668 Köln", "", "                                   EUR"]
    let names = ["BIO BANANEN", "H-MILCH 3,5%", "VOLLKORNBROT 500G", "EIER FREILAND 10ST", "BUTTER 250G", "GOUDA JUNG",
                 "RISPENTOMATEN", "KARTOFFELN 2,5KG", "APFELSAFT 1L", "KAFFEE GEMAHLEN", "SPAGHETTI 500G", "JOGHURT NATUR",
                 "HAEHNCHENBRUST", "ZWIEBELN 1KG", "SCHOKOLADE ZARTB", "MINERALWASSER", "ORANGEN NETZ", "GURKEN", "SAHNE 200ML",
                 "REIS 1KG", "TAGESZEITUNG", "CHIPS PAPRIKA"]
    for (index, name) in names.enumerated() {
        lines.append(name + String(repeating: " ", count: max(1, 34 - name.count)) + "1,\(10 + index) B")
        if index % 5 == 1 { lines.append("  2 Stk x 0,5\(5 + index % 4)") }
        if index % 7 == 3 { lines.append("Rabatt                           -0,10") }
    }
    lines += ["--------------------------------------", "SUMME                        EUR 30,00", "Geg. BAR EUR 50,00",
              "Rückgeld BAR EUR 20,00", "A=  19,0%  1,11  0,21  1,32", "23.11.2026 17:31", "Vielen Dank"]
    return lines.joined(separator: "\n")
}()

let lineCount = receipt.split(separator: "\n", omittingEmptySubsequences: false).count
let clock = ContinuousClock()
var totals: [Duration] = [], parses: [Duration] = [], builds: [Duration] = [], matchings: [Duration] = []
var verdicts: [ReceiptMatch.Verdict: Int] = [:]
for run in 0..<401 {
    let start = clock.now
    let parsed = try ReceiptParser.parse(text: receipt, assuming: .euro)
    let parsedAt = clock.now
    let matcher = ReceiptMatcher(items: vault)
    let builtAt = clock.now
    let matches = matcher.match(parsed, store: nil, aliases: ReceiptAliases())
    let end = clock.now
    totals.append(end - start)
    parses.append(parsedAt - start)
    builds.append(builtAt - parsedAt)
    matchings.append(end - builtAt)
    if run == 0 { for match in matches { verdicts[match.verdict, default: 0] += 1 } }
}
totals.sort()
parses.sort()
builds.sort()
matchings.sort()
func milliseconds(_ duration: Duration) -> String {
    let microseconds = duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
    return "\(microseconds / 1000).\(String(repeating: "0", count: 3 - String(microseconds % 1000).count))\(microseconds % 1000) ms"
}
print("receipt of \(lineCount) lines, vault of \(vault.count) items, verdicts \(verdicts.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key): \($0.value)" })")
print("parse + match, 401 runs: median \(milliseconds(totals[200])), min \(milliseconds(totals[0])), 90th percentile \(milliseconds(totals[360]))")
print("medians: parse \(milliseconds(parses[200])), build the matcher \(milliseconds(builds[200])), match every line \(milliseconds(matchings[200]))")
