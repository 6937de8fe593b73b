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

/// The names Grock gives the files of a data directory, and what the files there are to a
/// state: Grock touches (and deletes) only names it gives, never another program's files.
enum DataFiles {
    /// `vault-N.tsv` (a whole vault) or `vault-B+N.tsv` (an overlay on `vault-B.tsv`, see
    /// `VaultOverlay`): N, or nil for another name.
    static func vaultNumber(_ name: String) -> Int? {
        if let plus = name.firstIndex(of: "+") {
            guard number(String(name[..<plus]) + ".tsv", prefix: "vault-", suffixes: [".tsv"]) != nil else { return nil }
            return number(String(name[name.index(after: plus)...]), prefix: "", suffixes: [".tsv"])
        }
        return number(name, prefix: "vault-", suffixes: [".tsv"])
    }

    /// The whole vault an overlay `vault-B+N.tsv` lies on (`vault-B.tsv`); nil for a whole
    /// vault's name or another name.
    static func vaultBase(_ name: String) -> String? {
        guard let plus = name.firstIndex(of: "+"), vaultNumber(name) != nil else { return nil }
        return String(name[..<plus]) + ".tsv"
    }

    /// The files the vault named `name` is read from: itself, and the whole vault under it.
    static func vaultFiles(_ name: String?) -> [String?] {
        guard let name else { return [nil] }
        return [name] + (vaultBase(name).map { [$0] } ?? [])
    }

    /// `N.tsv` or `N.json` in `undo/`: N, or nil for another name.
    static func snapshotNumber(_ name: String) -> Int? { number(name, prefix: "", suffixes: [".tsv", ".json"]) }

    /// Whether `name` is a temporary file Grock writes before renaming it into place: one of its
    /// own files' names and `.tmp-PID-HEX` (or `.tmp`, as older versions wrote them).
    static func isTemporary(_ name: String) -> Bool {
        let base: Substring
        if let marker = name.firstRange(of: FileSystem.temporaryMarker) {
            let tail = name[marker.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
            guard tail.count == 2, !tail[0].isEmpty, !tail[1].isEmpty, tail[0].allSatisfy({ $0.isNumber }),
                  tail[1].allSatisfy({ $0.isHexDigit }) else { return false }
            base = name[..<marker.lowerBound]
        } else if name.hasSuffix(".tmp") {
            base = name.dropLast(4)
        } else {
            return false
        }
        let file = String(base)
        return ["state.tsv", "state.json", FileStorage.historyFile, SpendingCache.file].contains(file) || vaultNumber(file) != nil
            || (file.hasPrefix(SpendingCache.file + ".") && file.dropFirst(SpendingCache.file.count + 1).allSatisfy(\.isNumber))
    }

    /// Whether a file of the data directory holds Grock's data (not the lock, not a temporary).
    static func isData(_ name: String) -> Bool {
        name == FileStorage.historyFile || name == "history.jsonl" || name == SpendingCache.file || vaultNumber(name) != nil
    }

    /// What the data directory holds beside a state (names relative to the directory).
    struct Inventory {
        /// What writers killed mid-change left: temporary files, snapshots no entry lists and
        /// vault files nothing names, numbered up to the state's next change. Never read.
        var leftovers: [String] = []
        /// Snapshots only a later state can have kept: numbered past the state's next change,
        /// or that change's snapshot when it is not the state itself. The state was put back
        /// from a copy; a change would delete them and cut history. (Each undo consumes its
        /// snapshot, so undoing never leaves one.)
        var newer: [String] = []
    }

    static func inventory(of record: StateRecord, in storage: FileStorage) -> Inventory {
        var inventory = Inventory()
        let next = record.undo.nextSequence
        let used = Set(([record.vault] + record.undo.entries.map(\.vault)).flatMap(vaultFiles))
        let listed = Set(record.undo.entries.filter(\.hadState).map(\.sequence))
        for name in FileSystem.names(in: storage.directory).sorted() {
            if isTemporary(name) {
                inventory.leftovers.append(name)
            } else if vaultNumber(name) != nil, !used.contains(name) {
                inventory.leftovers.append(name)
            }
        }
        let current = FileIdentity(of: storage.statePath)
        for name in FileSystem.names(in: storage.undoDirectory).sorted() {
            guard let number = snapshotNumber(name), !listed.contains(number) || number >= next else { continue }
            // A change killed after keeping its snapshot leaves that snapshot: the state itself.
            let isThisState = number == next && name.hasSuffix(".tsv")
                && current != nil && current == FileIdentity(of: storage.undoDirectory + "/" + name)
            // Only a file can be a snapshot; anything else planted there is removed.
            var info = stat()
            let isFile = lstat(storage.undoDirectory + "/" + name, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
            if isFile && (number > next || (number == next && !isThisState && name.hasSuffix(".tsv") && current != nil)) {
                inventory.newer.append("undo/" + name)
            } else {
                inventory.leftovers.append("undo/" + name)
            }
        }
        return inventory
    }

    /// Deletes the leftovers (best effort, under the exclusive lock, before a change writes):
    /// a later change must be free to create their names.
    static func removeLeftovers(_ inventory: Inventory, in storage: FileStorage) {
        for name in inventory.leftovers { unlink(storage.path(name)) }
    }

    /// Deletes every file of Grock's in the data directory (the lock excepted), and no other
    /// program's: the state first, since without it whatever is left is ignored and
    /// overwritten, then history, vaults, the cache, temporary files and undo snapshots.
    /// - Throws: `StorageError.io` when the state or a data file cannot be deleted.
    static func erase(in storage: FileStorage) throws(StorageError) {
        let data = FileSystem.names(in: storage.directory).filter { isData($0) || isTemporary($0) }
        for file in ["state.tsv", "state.json"] + data where unlink(storage.path(file)) != 0 && errno != ENOENT {
            throw FileSystem.failure(storage.path(file))
        }
        try FileSystem.syncDirectory(of: storage.statePath)
        for name in FileSystem.names(in: storage.undoDirectory) where snapshotNumber(name) != nil {
            unlink(storage.undoDirectory + "/" + name)
        }
    }

    private static func number(_ name: String, prefix: String, suffixes: [String]) -> Int? {
        guard name.hasPrefix(prefix), let suffix = suffixes.first(where: name.hasSuffix) else { return nil }
        let digits = name.dropFirst(prefix.count).dropLast(suffix.count)
        guard !digits.isEmpty, digits.count < 10, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }
}
