/// Walking the lines of a compact file (`LineFormat`): its header line, with a version and
/// maybe a checksum, then one record a line. On `ByteReader`, so that a file cut off or
/// damaged anywhere throws `StorageError.unreadable` naming it.
enum CompactFile {
    /// The checksum field of a header line `NAME<tab>VERSION<tab>CHECKSUM` ending at `lineEnd`;
    /// empty when there is none.
    static func headerChecksum(_ reader: ByteReader, header: String, lineEnd: Int) -> String {
        let lineEnd = min(max(lineEnd, 0), reader.count)
        guard let tab = reader.bytes(clamping: 0..<lineEnd).lastIndex(of: 0x09), tab > header.utf8.count - 1 else { return "" }
        return reader.bytes(clamping: (tab + 1)..<lineEnd).string
    }

    /// Whether the header carries a checksum, which is then that of the lines from `start` on
    /// (see `VaultCodec.checksumMatches`).
    /// - Throws: `StorageError.unreadable` when it does not match.
    static func checksumMatches(_ reader: ByteReader, header: String, linesFrom start: Int) throws -> Bool {
        let stored = headerChecksum(reader, header: header, lineEnd: start - 1)
        if stored.isEmpty { return false }
        guard stored == Checksum.hex(of: try reader.bytes(in: min(max(start, 0), reader.count)..<reader.count)) else {
            throw reader.failure("it was changed or damaged since Grock wrote it (its checksum does not match); "
                + "put back a copy of the directory (to edit it by hand, empty the checksum on its first line)")
        }
        return true
    }

    /// The offset of the first line break (the end of the bytes when there is none).
    static func firstLineEnd(_ reader: ByteReader) -> Int {
        reader.firstIndex(of: 0x0A, from: 0) ?? reader.count
    }

    /// Checks that the file ends with a line break and starts with `header`'s name and a
    /// version this code reads.
    static func checkHeader(_ reader: ByteReader, header: String) throws {
        guard reader.count > 0 else { throw reader.failure("the file is empty") }
        guard reader.byteIfPresent(at: reader.count - 1) == 0x0A else { throw reader.failure("the last line is cut off") }
        let first = try reader.string(0..<firstLineEnd(reader))
        let parts = header.split(separator: "\t")
        let name = parts.first ?? ""
        guard first.hasPrefix(name + "\t"), let version = Int(first.dropFirst(name.count + 1).prefix { $0 != "\t" }) else {
            throw reader.failure("it does not start with \"\(name)\"")
        }
        let supported = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        if version > supported { throw StorageError.newerVersion(path: reader.path, found: version, supported: supported) }
    }

    /// Calls `body` with a reader for every non-empty line in `start..<end`. Inlined, with the
    /// line loop, into the readers of 100,000 lines, so that `body` is too.
    /// - Throws: `StorageError.unreadable` when the last of them has no line break before
    ///   `end`, or whatever `body` throws.
    @inline(__always)
    static func forEachLine(_ reader: ByteReader, from start: Int, to end: Int, firstLine: Int,
                            _ body: (FieldReader) throws -> Void) throws {
        try reader.forEachLine(from: start, to: end, firstLine: firstLine) { line, lineNumber in
            if !line.isEmpty { try body(FieldReader(reader, from: line.lowerBound, to: line.upperBound, lineNumber: lineNumber)) }
        }
    }

    /// Checks the header line, then calls `body` with a reader for every further line.
    /// - Throws: `StorageError.unreadable` for a wrong header, a cut-off last line, or whatever
    ///   `body` throws.
    static func forEachLine(_ reader: ByteReader, header: String, _ body: (FieldReader) throws -> Void) throws {
        try checkHeader(reader, header: header)
        try forEachLine(reader, from: firstLineEnd(reader) + 1, to: reader.count, firstLine: 2, body)
    }
}
