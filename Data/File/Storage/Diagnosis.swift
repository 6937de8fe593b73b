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
        var checks: [HealthCheck] = []
        var info = stat()
        guard stat(directory, &info) == 0 else {
            checks.ok(directory, "does not exist yet; it is created by the first change")
            return checks
        }
        diagnoseDirectory(mode: info.st_mode & 0o777, into: &checks)
        do {
            try await locked(.shared, timeout: .seconds(2)) {
                guard let (stored, state) = diagnoseState(into: &checks) else { return }
                let record = stored.record
                diagnoseHistory(record, currency: state.settings.currency, into: &checks)
                diagnoseUndo(record, into: &checks)
                diagnoseOtherFiles(record, into: &checks)
            }
        } catch {
            checks.problem(directory, "\(error)")
        }
        return checks
    }

    private func diagnoseDirectory(mode: mode_t, into checks: inout [HealthCheck]) {
        do {
            try checkDirectories()
            if mode & 0o077 != 0 { checks.problem(directory, "is readable by others (mode \(String(mode, radix: 8))); run chmod 700 on it") }
            else { checks.ok(directory, "private (mode \(String(mode, radix: 8)))") }
        } catch {
            checks.problem(subject(of: error) ?? directory, "\(error)")
        }
    }

    /// The state and its items; nil when there is no state, or it cannot be read (then the
    /// files it names are not looked at).
    private func diagnoseState(into checks: inout [HealthCheck]) -> (RecordCodec.StoredState, ActiveState)? {
        let stored: RecordCodec.StoredState
        var state: ActiveState
        var subject = statePath
        do {
            stored = try loadState()
            guard let path = stored.path else {
                checks.ok(statePath, "does not exist yet; it is created by the first change")
                return nil
            }
            subject = path
            state = try ActiveState(stored.record)
            checks.ok(path, "schema \(stored.record.schema); \(state.stores.values.filter { !$0.isRemoved }.count) stores, "
                + "\(state.categories.count) categories, \(state.carts.count) active carts")
        } catch {
            report(error, about: subject, into: &checks)
            return nil
        }
        // The items are checked against the state: a problem found there is the vault's.
        let vaultSubject = stored.record.vault.map(path) ?? subject
        do {
            let items = try items(of: stored)
            try state.setItems(items)
            if stored.record.vault != nil { checks.ok(vaultSubject, "\(items.count) items") }
        } catch {
            report(error, about: vaultSubject, into: &checks)
        }
        return (stored, state)
    }

    private func diagnoseHistory(_ record: StateRecord, currency: Currency, into checks: inout [HealthCheck]) {
        guard let file = record.history else { return }
        do {
            if file == FileStorage.historyFile, let opened = try HistoryFile(historyPath, readOnly: true) {
                _ = try opened.verify(committed: record.historyBytes, seal: record.historySeal)
            }
            let history = try loadHistory(record, currency: currency)
            var size = stat()
            let extra = stat(path(file), &size) == 0 ? Int(size.st_size) - record.historyBytes : 0
            checks.ok(path(file), "\(history.liveTrips.count) completed carts, \(history.manual.count) prices seen"
                + (extra > 0 ? "; \(extra) bytes of an interrupted change are ignored" : ""))
        } catch {
            report(error, about: path(file), into: &checks)
        }
    }

    /// Every undo snapshot is read as an undo would read it.
    private func diagnoseUndo(_ record: StateRecord, into checks: inout [HealthCheck]) {
        var broken = 0
        for entry in record.undo.entries where entry.hadState {
            let snapshot = existingUndoPath(entry.sequence)
            do {
                guard let bytes = try FileSystem.read(snapshot) else { throw RecordError("missing") }
                let old = try RecordCodec.decodeState(bytes, path: snapshot)
                _ = try ActiveState(old.record, items: try items(of: old))
                guard old.record.undo.nextSequence == entry.sequence, old.record.vault == entry.vault else { throw RecordError("not its state") }
            } catch {
                broken += 1
                checks.problem(snapshot, "the state before \"\(entry.summary)\" cannot be read, so that change cannot be undone")
            }
        }
        if broken == 0 { checks.ok(undoDirectory, "\(record.undo.entries.count) changes can be undone") }
    }

    /// Files the state does not name: a stray history, files of a newer Grock, leftovers.
    private func diagnoseOtherFiles(_ record: StateRecord, into checks: inout [HealthCheck]) {
        if record.history != FileStorage.historyFile && FileSystem.exists(historyPath) {
            checks.problem(historyPath, "the state names no such history: it is not Grock's, or the state is older than it; move it away or restore the state that goes with it")
        }
        let inventory = DataFiles.inventory(of: record, in: self)
        do throws(StorageError) { try requireNothingNewer(inventory) } catch { checks.problem(statePath, reasonText(error)) }
        let leftovers = inventory.leftovers
        if !leftovers.isEmpty {
            checks.ok(directory, "\(leftovers.count) files left by interrupted changes (\(leftovers.prefix(3).joined(separator: ", "))\(leftovers.count > 3 ? ", ..." : "")); the next change removes them")
        }
    }

    /// A problem for `error`: with the path a `StorageError` names (else `fallback`) and its reason.
    private func report(_ error: any Error, about fallback: String, into checks: inout [HealthCheck]) {
        if let error = error as? StorageError {
            checks.problem(subject(of: error) ?? fallback, reasonText(error))
        } else {
            checks.problem(fallback, "\(error)")
        }
    }

    private func subject(of error: StorageError) -> String? {
        switch error {
        case .unreadable(let path, _), .stateLost(let path, _), .newerVersion(let path, _, _), .io(let path, _), .insecure(let path, _): path
        case .busy: nil
        }
    }

    private func reasonText(_ error: StorageError) -> String {
        switch error {
        case .unreadable(_, let reason): reason
        case .stateLost(_, let found): "it is missing, but the directory holds Grock's data (\(found)); put back state.tsv from a copy of this directory, or keep a copy and erase the data to start over"
        case .newerVersion(_, let found, let supported): "schema \(found) is newer than this version of Grock reads (\(supported)); a newer Grock wrote it"
        case .busy: "busy"
        case .io(_, let reason), .insecure(_, let reason): reason
        }
    }
}

private extension [HealthCheck] {
    mutating func ok(_ subject: String, _ detail: String) { append(HealthCheck(subject: subject, detail: detail, isProblem: false)) }
    mutating func problem(_ subject: String, _ detail: String) { append(HealthCheck(subject: subject, detail: detail, isProblem: true)) }
}
