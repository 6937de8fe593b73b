import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `grock doctor`: every file of the data directory read and checked, each finding a
/// `HealthCheck` that blames the file at fault. Used by `doctor` only; commands check what they
/// read as they read it.
extension FileStorage {
    /// Reads every file of the data directory and says what is in it and what is wrong,
    /// without changing anything (it takes the lock shared, like any reader).
    public func diagnose() async -> [HealthCheck] {
        var diagnosis = Diagnosis(storage: self)
        await diagnosis.examine()
        return diagnosis.checks
    }
}

/// One examination of a data directory by `grock doctor`: its findings, in the order the files
/// were looked at.
struct Diagnosis {
    let storage: FileStorage
    private(set) var checks: [HealthCheck] = []

    init(storage: FileStorage) {
        self.storage = storage
    }

    mutating func examine() async {
        var info = stat()
        guard stat(storage.directory, &info) == 0 else {
            ok(storage.directory, "does not exist yet; it is created by the first change")
            return
        }
        diagnoseDirectory(mode: info.st_mode & 0o777)
        do {
            try await storage.locked(.shared, timeout: .seconds(2)) {
                guard let (stored, state) = diagnoseState() else { return }
                let record = stored.record
                diagnoseHistory(record, currency: state.settings.currency)
                diagnoseUndo(record)
                diagnoseOtherFiles(record)
            }
        } catch {
            problem(storage.directory, "\(error)")
        }
    }

    private mutating func diagnoseDirectory(mode: mode_t) {
        do {
            try storage.checkDirectories()
            if mode & 0o077 != 0 {
                problem(storage.directory, "is readable by others (mode \(String(mode, radix: 8))); run chmod 700 on it")
            }
            else { ok(storage.directory, "private (mode \(String(mode, radix: 8)))") }
        } catch {
            problem(subject(of: error) ?? storage.directory, "\(error)")
        }
    }

    /// The state and its items; nil when there is no state, or it cannot be read (then the
    /// files it names are not looked at).
    private mutating func diagnoseState() -> (RecordCodec.StoredState, ActiveState)? {
        let stored: RecordCodec.StoredState
        var state: ActiveState
        var subject = storage.statePath
        do {
            stored = try storage.loadState()
            guard let path = stored.path else {
                ok(storage.statePath, "does not exist yet; it is created by the first change")
                return nil
            }
            subject = path
            state = try ActiveState(stored.record)
            ok(path, "schema \(stored.record.schema); \(state.stores.values.filter { !$0.isRemoved }.count) stores, "
                + "\(state.categories.count) categories, \(state.carts.count) active carts"
                + (stored.isHandEdited
                    ? "; read unchecked: its checksum was emptied (edited by hand), the next change writes one again"
                    : ""))
        } catch {
            report(error, about: subject)
            return nil
        }
        // What Grock writes was checked as each change was made; a state edited by hand was not.
        for cart in state.carts.values.sorted(by: { $0.name < $1.name }) {
            do { try cart.requireTotals() } catch {
                problem(subject, "cart \(Echo.quoted(cart.name)) cannot be shown: its amounts add up to more than Grock can count "
                    + "(edited by hand?); put back a copy of the directory, or set its prices right")
            }
        }
        // The items are checked against the state: a problem found there is the vault's.
        let vaultSubject = stored.record.vault.map(storage.path) ?? subject
        do {
            let items = try storage.items(of: stored)
            try state.setItems(items)
            if stored.record.vault != nil { ok(vaultSubject, "\(items.count) items") }
        } catch {
            report(error, about: vaultSubject)
        }
        return (stored, state)
    }

    private mutating func diagnoseHistory(_ record: StateRecord, currency: Currency) {
        guard let file = record.history else { return }
        do {
            if file == FileStorage.historyFile, let opened = try HistoryFile(storage.historyPath, readOnly: true) {
                _ = try opened.verify(committed: record.historyBytes, seal: record.historySeal)
            }
            let history = try storage.loadHistory(record, currency: currency)
            var size = stat()
            let extra = stat(storage.path(file), &size) == 0 ? Int(size.st_size) - record.historyBytes : 0
            ok(storage.path(file), "\(history.liveTrips.count) completed carts, \(history.manual.count) prices seen"
                + (extra > 0 ? "; \(extra) bytes of an interrupted change are ignored" : ""))
        } catch {
            report(error, about: storage.path(file))
        }
    }

    /// Every undo snapshot is read as an undo would read it.
    private mutating func diagnoseUndo(_ record: StateRecord) {
        var broken = 0
        for entry in record.undo.entries where entry.hadState {
            let snapshot = storage.existingUndoPath(entry.sequence)
            do {
                guard let bytes = try FileSystem.read(snapshot) else { throw RecordError("missing") }
                let old = try RecordCodec.decodeState(bytes, path: snapshot)
                _ = try ActiveState(old.record, items: try storage.items(of: old))
                guard old.record.undo.nextSequence == entry.sequence,
                      old.record.vault == entry.vault else { throw RecordError("not its state") }
            } catch {
                broken += 1
                problem(snapshot, "the state before \"\(entry.summary)\" cannot be read, so that change cannot be undone")
            }
        }
        if broken == 0 { ok(storage.undoDirectory, "\(record.undo.entries.count) changes can be undone") }
    }

    /// Files the state does not name: a stray history, files of a newer Grock, leftovers.
    private mutating func diagnoseOtherFiles(_ record: StateRecord) {
        if record.history != FileStorage.historyFile && FileSystem.exists(storage.historyPath) {
            problem(storage.historyPath, "the state names no such history: it is not Grock's, or the state is older than it; "
                        + "move it away or restore the state that goes with it")
        }
        let inventory = DataFiles.inventory(of: record, in: storage)
        do throws(StorageError) { try storage.requireNothingNewer(inventory) } catch { problem(storage.statePath, reasonText(error)) }
        let leftovers = inventory.leftovers
        if !leftovers.isEmpty {
            let named = leftovers.prefix(3).joined(separator: ", ") + (leftovers.count > 3 ? ", ..." : "")
            ok(storage.directory, "\(leftovers.count) files left by interrupted changes (\(named)); the next change removes them")
        }
    }

    /// A problem for `error`: with the path a `StorageError` names (else `fallback`) and its reason.
    private mutating func report(_ error: any Error, about fallback: String) {
        if let error = error as? StorageError {
            problem(subject(of: error) ?? fallback, reasonText(error))
        } else {
            problem(fallback, "\(error)")
        }
    }

    private func subject(of error: StorageError) -> String? {
        switch error {
        case .unreadable(let path, _), .stateLost(let path, _), .newerVersion(let path, _, _), .io(let path, _),
             .insecure(let path, _): path
        case .busy: nil
        }
    }

    private func reasonText(_ error: StorageError) -> String {
        switch error {
        case .unreadable(_, let reason): reason
        case .stateLost(_, let found):
            "it is missing, but the directory holds Grock's data (\(found)); "
                + "put back state.tsv from a copy of this directory, or keep a copy and erase the data to start over"
        case .newerVersion(_, let found, let supported):
            "schema \(found) is newer than this version of Grock reads (\(supported)); a newer Grock wrote it"
        case .busy: "busy"
        case .io(_, let reason), .insecure(_, let reason): reason
        }
    }

    private mutating func ok(_ subject: String, _ detail: String) {
        checks.append(HealthCheck(subject: subject, detail: detail, isProblem: false))
    }
    private mutating func problem(_ subject: String, _ detail: String) {
        checks.append(HealthCheck(subject: subject, detail: detail, isProblem: true))
    }
}
