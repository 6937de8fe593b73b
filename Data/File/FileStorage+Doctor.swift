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

extension FileStorage {
    /// Reads every file of the data directory and says what is in it and what is wrong,
    /// without changing anything (it takes the lock shared, like any reader).
    public func diagnose() async -> [HealthCheck] {
        var checks: [HealthCheck] = []
        func ok(_ subject: String, _ detail: String) { checks.append(HealthCheck(subject: subject, detail: detail, isProblem: false)) }
        func problem(_ subject: String, _ detail: String) { checks.append(HealthCheck(subject: subject, detail: detail, isProblem: true)) }

        var info = stat()
        guard stat(directory, &info) == 0 else {
            ok(directory, "does not exist yet; it is created by the first change")
            return checks
        }
        let mode = info.st_mode & 0o777
        do {
            try checkDirectories()
            if mode & 0o077 != 0 { problem(directory, "is readable by others (mode \(String(mode, radix: 8))); run chmod 700 on it") }
            else { ok(directory, "private (mode \(String(mode, radix: 8)))") }
        } catch {
            problem(subject(of: error) ?? directory, "\(error)")
        }
        do {
            try await locked(.shared, timeout: .seconds(2)) {
                let stored: RecordCodec.StoredState
                var state: ActiveState
                var subject = statePath
                do {
                    stored = try loadState()
                    guard let path = stored.path else { return ok(statePath, "does not exist yet; it is created by the first change") }
                    subject = path
                    state = try ActiveState(stored.record)
                    ok(path, "schema \(stored.record.schema); \(state.stores.values.filter { !$0.isRemoved }.count) stores, "
                        + "\(state.categories.count) categories, \(state.carts.count) active carts")
                } catch let error as StorageError {
                    return problem(self.subject(of: error) ?? subject, reasonText(error))
                } catch {
                    return problem(subject, "\(error)")
                }
                // The items are checked against the state: a problem found there is the vault's.
                let vaultSubject = stored.record.vault.map(path) ?? subject
                do {
                    let items = try items(of: stored)
                    try state.setItems(items)
                    if stored.record.vault != nil { ok(vaultSubject, "\(items.count) items") }
                } catch let error as StorageError {
                    problem(self.subject(of: error) ?? vaultSubject, reasonText(error))
                } catch {
                    problem(vaultSubject, "\(error)")
                }
                let record = stored.record
                if let file = record.history {
                    do {
                        if file == FileStorage.historyFile, let opened = try HistoryFile(historyPath, readOnly: true) {
                            _ = try opened.verify(committed: record.historyBytes, seal: record.historySeal)
                        }
                        let history = try loadHistory(record, currency: state.settings.currency)
                        var size = stat()
                        let extra = stat(path(file), &size) == 0 ? Int(size.st_size) - record.historyBytes : 0
                        ok(path(file), "\(history.liveTrips.count) completed carts, \(history.manual.count) prices seen"
                            + (extra > 0 ? "; \(extra) bytes of an interrupted change are ignored" : ""))
                    } catch let error as StorageError {
                        problem(path(file), reasonText(error))
                    } catch {
                        problem(path(file), "\(error)")
                    }
                }
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
                        problem(snapshot, "the state before \"\(entry.summary)\" cannot be read, so that change cannot be undone")
                    }
                }
                if broken == 0 { ok(undoDirectory, "\(record.undo.entries.count) changes can be undone") }
                if record.history != FileStorage.historyFile && FileSystem.exists(historyPath) {
                    problem(historyPath, "the state names no such history: it is not Grock's, or the state is older than it; move it away or restore the state that goes with it")
                }
                let inventory = DataFiles.inventory(of: record, in: self)
                do throws(StorageError) { try requireNothingNewer(inventory) } catch { problem(statePath, reasonText(error)) }
                let leftovers = inventory.leftovers
                if !leftovers.isEmpty {
                    ok(directory, "\(leftovers.count) files left by interrupted changes (\(leftovers.prefix(3).joined(separator: ", "))\(leftovers.count > 3 ? ", ..." : "")); the next change removes them")
                }
            }
        } catch {
            problem(directory, "\(error)")
        }
        return checks
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
