import Domain

/// An overlay on a whole vault: `vault-B+N.tsv`, written by change N instead of a whole new
/// vault, holds every item changed or deleted since `vault-B.tsv` was written, so that a
/// change to one item of thousands writes that item, not the vault:
///
///     grock-vault-overlay	1	<checksum>
///     B	<whole vault file>	<its checksum>
///     I	<item id>	<category id>	<unit>	<name>      (changed or added items, in id order,
///     $	<store id>	…                             with their prices as in a vault)
///     D	<item id>                                (items deleted since the whole vault)
///
/// Like every vault file it is created under a new name and never changed; the next change
/// to items writes the next overlay (all of this one's items, plus its own) on the same
/// whole vault, or folds them into a new whole vault once the overlay would pass an eighth
/// of it (`FileStorage.writeVault`). The checksum is required: an overlay cannot be edited
/// by hand (fold it first, or edit the whole vault while the state names that).
struct VaultOverlay: Equatable {
    static let header = "grock-vault-overlay\t1"
    /// The whole vault this overlay lies on, and the checksum its header must carry.
    var base: String
    var baseChecksum: String
    /// The size of the whole vault in bytes, when read (not stored).
    var baseSize: Int = 0
    var changed: [ItemID: Item]
    var deleted: Set<ItemID>

    /// The overlay after a change that saved `saved` items and deleted `removed` ones.
    func applying(saved: [ItemID: Item], removed: Set<ItemID>) -> VaultOverlay {
        var next = self
        for id in removed {
            next.changed[id] = nil
            next.deleted.insert(id)   // an id the whole vault does not hold is ignored
        }
        for (id, item) in saved {
            next.changed[id] = item
            next.deleted.remove(id)
        }
        return next
    }

    func encode() -> [UInt8] {
        var output = Array((VaultOverlay.header + "\t" + String(repeating: "0", count: 16) + "\n").utf8)
        let headerLength = output.count
        output.reserveCapacity(256 + changed.count * 200 + deleted.count * 24)
        LineFormat.line(["B", base, baseChecksum], to: &output)
        VaultCodec.encodeLines(Array(changed.values), to: &output)
        for id in deleted.sorted() { LineFormat.line(["D", id.rawValue], to: &output) }
        let checksum = Checksum.hex(of: output[headerLength...])
        output.replaceSubrange((headerLength - 17)..<(headerLength - 1), with: checksum.utf8)
        return output
    }

    /// The checksum an overlay's header carries, or nil.
    static func checksum(of bytes: [UInt8]) -> String? {
        bytes.withByteReader(path: "") { reader in
            let field = CompactFile.headerChecksum(reader, header: header, lineEnd: CompactFile.firstLineEnd(reader))
            return field.isEmpty ? nil : field
        }
    }

    /// - Throws: `StorageError.unreadable` naming `path` and the line, for a file that is
    ///   not an overlay, is cut off, has no checksum or one that does not match.
    static func decode(_ bytes: [UInt8], currency: Currency, path: String) throws -> VaultOverlay {
        try bytes.withByteReader(path: path) { file in
            try CompactFile.checkHeader(file, header: header)
            let first = CompactFile.firstLineEnd(file) + 1
            guard try CompactFile.checksumMatches(file, header: header, linesFrom: first) else {
                throw file.failure("an overlay of the vault must carry its checksum; put back a copy of the directory")
            }
            guard first < file.count else { throw file.failure("line 2: the B line is missing") }
            let bLineEnd = try file.lineEnd(from: first)
            var reader = FieldReader(file, from: first, to: bLineEnd, lineNumber: 2)
            guard reader.string(try reader.next()) == "B" else { throw reader.failure("the B line is missing") }
            let baseName = reader.string(try reader.next()), baseChecksum = reader.string(try reader.next())
            guard reader.isAtEnd else { throw reader.failure("too many fields") }
            guard DataFiles.vaultNumber(baseName) != nil, DataFiles.vaultBase(baseName) == nil else {
                throw reader.failure("\"\(baseName)\" is not a whole vault's name")
            }
            guard baseChecksum.utf8.count == 16 else { throw reader.failure("\"\(baseChecksum)\" is not a checksum") }
            // The items run up to the first D line.
            var deletionsStart = file.count, line = 3, deletionsLine = 3
            var start = bLineEnd + 1
            while start < file.count {
                if file.byteIfPresent(at: start) == 0x44 { deletionsStart = start; deletionsLine = line; break }
                start = try file.lineEnd(from: start) + 1
                line += 1
            }
            var interner = Interner()
            let items = try VaultCodec.decodeLines(file, from: bLineEnd + 1, to: deletionsStart, firstLine: 3, currency: currency,
                                                   interner: &interner)
            var changed: [ItemID: Item] = [:]
            for item in items {
                guard changed.updateValue(item, forKey: item.id) == nil else {
                    throw file.failure("item \(item.id.rawValue) is there twice")
                }
            }
            var deleted = Set<ItemID>()
            try CompactFile.forEachLine(file, from: deletionsStart, to: file.count, firstLine: deletionsLine) { reader in
                var reader = reader
                guard reader.string(try reader.next()) == "D" else {
                    throw reader.failure("an item after the deleted ones, or an unknown record")
                }
                let id = reader.string(try reader.next())
                guard !id.isEmpty, reader.isAtEnd else { throw reader.failure("not a deleted item's id") }
                deleted.insert(ItemID(id))
            }
            return VaultOverlay(base: baseName, baseChecksum: baseChecksum, changed: changed, deleted: deleted)
        }
    }
}
