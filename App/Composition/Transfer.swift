import DataLayer
import Domain

/// Export and import as every front uses them (docs/CLI.md, "Export and import"): a JSON backup, streamed so
/// that no history is too large to write; a CSV of purchases and a ledger journal; a backup
/// restored into an empty data directory; a CSV purchase history read in. Files are written
/// whole or not at all, never inside the data directory. Built by `AppContainer.transfer()`.
///
/// The formats and the files are DataLayer's (`PurchaseCSV`, `LedgerJournal`, `BackupCodec`,
/// `UserFile`), the work the use cases'; what is here is the edge between them and the fronts,
/// which do not see DataLayer: each failure told as a `TransferError` naming the file, and the
/// CSV options as values of their own.
public struct Transfer: Sendable {
    private let useCases: UseCases
    private let directory: String?

    init(useCases: UseCases, directory: String?) {
        self.useCases = useCases
        self.directory = directory
    }

    /// The purchase history as text: one CSV row per purchase, or a journal for hledger or ledger.
    public enum TextFormat: String, Sendable, CaseIterable {
        case csv, ledger
    }

    /// Every purchase, exported as `format`, as UTF-8: what `grock export --format csv` or
    /// `--format ledger` writes.
    /// - Throws: `DomainError.amountOverflow` for a purchase whose cost Grock cannot add up, or
    ///   the storage's error when the history cannot be read.
    public func text(_ format: TextFormat) async throws -> [UInt8] {
        let purchases = try await useCases.listPurchases()
        switch format {
        case .csv: return Array(try PurchaseCSV.write(purchases).utf8)
        case .ledger: return Array(try LedgerJournal.write(purchases).utf8)
        }
    }

    /// Writes a complete backup to `path` (it appears whole or not at all), or to standard
    /// output when `path` is nil; the number of bytes written.
    public func writeBackup(to path: String?) async throws -> Int {
        let output: UserFile.Writer
        do {
            output = try path.map { path throws(StorageError) in try UserFile.Writer(replacing: path, outside: directory) }
                ?? UserFile.Writer()
        } catch {
            throw TransferError(kind: .invalidInput, description: "cannot write \(error)")
        }
        // The file comes back with the sink (it was handed over to the read).
        guard let written = try await useCases.createBackup(into: BackupFile(output)).file else { return 0 }
        do { try written.commit() } catch { throw TransferError.output(error) }
        return written.count
    }

    /// A complete backup, in memory: for a front that hands it over itself.
    public func backup() async throws -> [UInt8] {
        try await useCases.createBackup(into: BackupFile(nil)).bytes.contents
    }

    /// Writes `bytes` to the file `path`, whole or not at all.
    public func write(_ bytes: [UInt8], to path: String) throws {
        do { try UserFile.write(bytes, to: path, outside: directory) } catch {
            throw TransferError(kind: .invalidInput, description: "cannot write \(error)")
        }
    }

    /// The file at `path`, read whole.
    public func read(_ path: String) throws -> [UInt8] {
        do {
            guard let bytes = try UserFile.read(path) else {
                throw TransferError(kind: .invalidInput, description: "cannot read \(path): no such file")
            }
            return bytes
        } catch let error as StorageError {
            throw TransferError(kind: .invalidInput, description: "cannot read \(error)")
        }
    }

    /// Restores the backup `bytes` (read from `path`, which messages name) into this empty
    /// data directory; the backup, for what it held.
    public func restore(_ bytes: [UInt8], from path: String) async throws -> Backup {
        let backup: Backup
        do { backup = try BackupCodec.decode(bytes) } catch let failure as BackupCodec.Failure {
            throw TransferError(kind: .invalidInput, description: "\(path): \(failure)")
        }
        try await useCases.restoreBackup(backup)
        return backup
    }

    /// How a CSV file's text is encoded.
    public enum CSVEncoding: String, Sendable {
        case utf8, latin1

        /// `utf8` or `latin1`, as an option names them (case and dashes aside).
        public init?(name: String) {
            switch PurchaseCSV.Encoding(name: name) {
            case .utf8: self = .utf8
            case .latin1: self = .latin1
            case nil: return nil
            }
        }
    }

    /// What separates a CSV file's fields.
    public enum CSVDelimiter: Sendable {
        case comma, semicolon, tab

        /// `,` or `comma`, `;` or `semicolon`, `tab` or a tab character (any case).
        public init?(name: String) {
            switch PurchaseCSV.Delimiter(name: name) {
            case .comma: self = .comma
            case .semicolon: self = .semicolon
            case .tab: self = .tab
            case nil: return nil
            }
        }

        var separator: PurchaseCSV.Delimiter {
            switch self {
            case .comma: .comma
            case .semicolon: .semicolon
            case .tab: .tab
            }
        }
    }

    /// The purchases of the CSV file `bytes` (read from `path`, which messages name), checked
    /// row by row; `progress` is told the fraction read now and then.
    /// - Parameter delimiter: what separates fields; nil to tell from the header line.
    /// - Throws: `TransferError` naming the line and column of a row that cannot be read.
    public func purchases(csv bytes: [UInt8], from path: String, encoding: CSVEncoding = .utf8, delimiter: CSVDelimiter? = nil,
                          decimalComma: Bool = false, progress: ((Double) -> Void)? = nil) throws -> [Purchase] {
        do {
            return try PurchaseCSV.parse(bytes, encoding: encoding == .utf8 ? .utf8 : .latin1, delimiter: delimiter?.separator,
                                         decimalComma: decimalComma, progress: progress)
        } catch let error as PurchaseCSV.RowError {
            throw TransferError(kind: .invalidInput, description: "\(path): \(error)", remedy: Remedy(for: error))
        }
    }
}
