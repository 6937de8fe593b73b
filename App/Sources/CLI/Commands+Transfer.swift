import Composition
import Domain
import Presentation
import Report
import Terminal

extension Commands {
    /// Data in and out: a backup or the purchases exported, a backup or a csv imported, the HTML report.
    static let transfer: [Command] = [
        Command("export", usage: "grock export",
                summary: "Write your data out: json is a complete backup, csv one row per purchase, "
                             + "ledger a journal for hledger or ledger.",
                details: """
                Without --output it goes to stdout. A file is written whole or not at all. csv has the columns date, trip, \
                store, category, item, quantity, unit, price, currency, per (only when a price is per another unit) and \
                cost, what the row cost in all (an empty category is an impulse buy).
                """,
                examples: ["grock export --format json --output grock-backup.json", "grock export --format csv > purchases.csv",
                           "grock export --format ledger | hledger -f - bal -M"],
                options: [.required(.format), .optional(.output)]) { run in
            try await export(run)
        },
        Command("import", usage: "grock import FILE",
                summary: "Read data in: a json backup into an empty data directory, or a csv purchase history into any.",
                details: """
                The format follows the file's extension unless given. A csv row with a new store, category or item creates it; \
                rows of the same date and trip become one completed trip, an item on several rows a line per row; the vault \
                takes the latest price per item and store. Rows already in history (same date, trip, store, item, quantity, unit \
                and price) are skipped and counted, so a file can be imported again; two rows alike in one file are two \
                purchases.

                All or nothing: a bad row stops the import with its line and column, and nothing changes. --dry-run says what \
                would be imported and changes nothing.

                A csv file is read as UTF-8 (a line that is not UTF-8 is refused); --encoding latin1 reads it as Latin-1 (ISO \
                8859-1) instead. Fields are separated as the header line is (, ; or tab) unless --delimiter says (comma, \
                semicolon, tab, or the character itself); numbers have a decimal point, or a decimal comma (1,99) with \
                --decimal-comma or, in a file not separated by commas, when its first number with a decimal mark has a comma. \
                Thousands separators are refused.
                """,
                examples: ["grock import purchases.csv", "grock import purchases.csv --dry-run",
                           "grock import kassenbons.csv --delimiter ';' --decimal-comma",
                           "grock import old-export.csv --encoding latin1", "grock --data-dir /tmp/restored import grock-backup.json"],
                options: [.optional(.format, "json|csv"), .optional(.encoding), .optional(.delimiter),
                          .optional(.decimalComma), .optional(.dryRun)]) { run in
            try await importFile(run)
        },
        Command("report", usage: "grock report",
                summary: """
                Write a self-contained HTML report with SVG charts: spending per month, by store, by category, budget \
                against actual per trip, price history of your top items.
                """,
                examples: ["grock report --output report.html"], options: [.optional(.output, "FILE.html")]) { run in
            let report = run.container.report()
            try run.check(await report.load(), report)
            let html = report.renderHTML(generated: run.container.useCases.clock.now())
            try write(Array(html.utf8), to: run.file(.output), run)
        },
    ]

    /// What `grock export --format` writes: a complete backup, or the purchases as text.
    enum ExportFormat: String, CaseIterable {
        case json, csv, ledger
    }

    /// What `grock import` reads: a backup to restore, or a purchase history.
    enum ImportFormat: String, CaseIterable {
        case json, csv
    }

    @MainActor
    static func export(_ run: Invocation) async throws {
        let format = try run.required(.format) { try run.choice($0, of: ExportFormat.self) }
        let path = try run.file(.output)
        switch format {
        case .json:
            // Written as it is read, a record at a time, so that no history is too large to export.
            let count = try await run.container.transfer().writeBackup(to: path)
            if let path, !run.json { run.console.error("wrote \(path) (\(count) bytes)") }
        case .csv: try write(try await run.container.transfer().text(.csv), to: path, run)
        case .ledger: try write(try await run.container.transfer().text(.ledger), to: path, run)
        }
    }

    /// Writes to a file atomically (a temporary file renamed over it), or to stdout.
    @MainActor
    static func write(_ bytes: [UInt8], to path: String?, _ run: Invocation) throws {
        guard let path else {
            return run.console.write(bytes)
        }
        try run.container.transfer().write(bytes, to: path)
        if !run.json { run.console.error("wrote \(path) (\(bytes.count) bytes)") }
    }

    /// `grock import FILE`: every option's value read first, then the file, restored as a
    /// backup or read in as purchases.
    @MainActor
    static func importFile(_ run: Invocation) async throws {
        let path = try run.argument(0)
        let encoding = try run.value(.encoding, takes: "utf8 or latin1", Transfer.CSVEncoding.init(name:)) ?? .utf8
        let delimiter = try run.value(.delimiter, takes: ", ; or tab", Transfer.CSVDelimiter.init(name:))
        let file = path.split(separator: "/").last ?? ""
        let named = file.lastIndex(of: ".").flatMap { ImportFormat(rawValue: file[file.index(after: $0)...].lowercased()) }
        guard let format = try run.choice(.format, of: ImportFormat.self) ?? named else {
            throw UsageError("cannot tell the format of \(path); give --format json or csv")
        }
        guard format == .csv else {
            if encoding != .utf8, let name = try run.value(.encoding) {
                throw UsageError("--encoding \(Echo.escaped(name)) is for csv files; a json backup is UTF-8")
            }
            if let option = try [OptionName.delimiter, .decimalComma, .dryRun].first(where: run.has) {
                throw UsageError("--\(option.spelling) is for csv files; a json backup restores whole into an empty data directory")
            }
            return try await restore(path, run)
        }
        try await importPurchases(path, encoding: encoding, delimiter: delimiter, run)
    }

    /// Restores the backup at `path` into this empty data directory.
    @MainActor
    private static func restore(_ path: String, _ run: Invocation) async throws {
        let transfer = run.container.transfer()
        let backup = try await transfer.restore(transfer.read(path), from: path)
        try summarise(run, ImportDocument(format: "json", trips: backup.completedCarts.count, purchases: nil, items: backup.items.count,
                                          storesAdded: backup.stores.count, categoriesAdded: backup.categories.count,
                                          itemsAdded: backup.items.count, skipped: nil, dryRun: false))
    }

    /// Reads the csv purchase history at `path` in (or, `--dry-run`, says what it would).
    @MainActor
    private static func importPurchases(_ path: String, encoding: Transfer.CSVEncoding, delimiter: Transfer.CSVDelimiter?,
                                        _ run: Invocation) async throws {
        let dryRun = try run.has(.dryRun), decimalComma = try run.has(.decimalComma)
        let transfer = run.container.transfer()
        let bytes = try transfer.read(path)
        let progress = ProgressBar(console: run.console, enabled: run.console.isErrorATerminal && bytes.count > 1 << 20)
        let purchases: [Purchase]
        do {
            defer { progress.finish() }
            purchases = try transfer.purchases(csv: bytes, from: path, encoding: encoding, delimiter: delimiter,
                                               decimalComma: decimalComma) {
                progress.show($0)
            }
        }
        let summary: ImportPurchases.Summary
        do {
            summary = try await run.container.useCases.importPurchases(purchases, dryRun: dryRun)
        } catch DomainError.importRow(let line, let reason) {
            throw CommandFailure(kind: .invalidInput, description: "\(path): line \(line): \(reason); nothing was imported")
        }
        try summarise(run, ImportDocument(format: "csv", trips: summary.trips, purchases: summary.purchases, items: nil,
                                          storesAdded: summary.storesAdded,
                                          categoriesAdded: summary.categoriesAdded, itemsAdded: summary.itemsAdded,
                                          skipped: summary.skipped, dryRun: dryRun))
    }

    /// Prints what an import did: its document, or a sentence.
    @MainActor
    private static func summarise(_ run: Invocation, _ document: ImportDocument) throws {
        if run.json { return try run.console.json(document) }
        if document.format == "json" {
            let counts = [(document.storesAdded, "store"), (document.categoriesAdded, "category"), (document.itemsAdded, "item"),
                          (document.trips, "trip")]
            return run.console.out("Restored a backup: " + counts.map { Wording.counted($0, $1) }.joined(separator: ", ") + ".")
        }
        let purchases = document.purchases ?? 0, skipped = document.skipped ?? 0
        let already = "\(Wording.counted(skipped, "row")) already imported, skipped"
        guard purchases > 0 else {
            return run.console.out("Nothing to import: \(skipped > 0 ? already : "the file has no rows"); nothing changed.")
        }
        let (verb, add) = document.dryRun ? ("Would import", "would add") : ("Imported", "added")
        var text = "\(verb) \(Wording.counted(purchases, "purchase")) in \(Wording.counted(document.trips, "trip")); \(add) "
            + "\(Wording.counted(document.storesAdded, "store")), \(Wording.counted(document.categoriesAdded, "category")) "
            + "and \(Wording.counted(document.itemsAdded, "item"))."
        if skipped > 0 { text += "\n\(already)." }
        if document.dryRun { text += "\nDry run: nothing changed." }
        run.console.out(text)
    }
}

/// `grock --json import`: what was restored or read in.
struct ImportDocument: Encodable {
    let format: String
    let trips: Int
    let purchases: Int?
    let items: Int?
    let storesAdded: Int
    let categoriesAdded: Int
    let itemsAdded: Int
    /// Rows already in history (csv only).
    let skipped: Int?
    let dryRun: Bool
}
