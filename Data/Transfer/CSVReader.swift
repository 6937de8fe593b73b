import Domain

/// RFC 4180 records from UTF-8 (or Latin-1) bytes, with the line each starts on.
struct CSVReader {
    private let bytes: [UInt8]
    private let encoding: PurchaseCSV.Encoding
    private let delimiter: UInt8
    private(set) var offset = 0
    private var line = 1
    /// The line the field being read starts on.
    private var fieldLine = 1

    init(_ bytes: [UInt8], encoding: PurchaseCSV.Encoding = .utf8, delimiter: UInt8 = PurchaseCSV.Delimiter.comma.rawValue) {
        self.bytes = bytes
        self.encoding = encoding
        self.delimiter = delimiter
        if encoding == .utf8 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
    }

    /// The field's text.
    /// - Throws: `RowError` naming the line of the first byte that is not UTF-8, when reading
    ///   UTF-8: replacing it would change a name without a word.
    private func text(_ field: [UInt8]) throws -> String {
        switch encoding {
        case .latin1:
            guard field.contains(where: { $0 >= 0x80 }) else { return String(decoding: field, as: UTF8.self) }
            return String(String.UnicodeScalarView(field.map { Unicode.Scalar($0) }))
        case .utf8:
            if let text = String(validating: field, as: UTF8.self) { return text }
            // No UTF-8 sequence holds a line break, so the first line that is not UTF-8 is the one.
            var line = fieldLine
            for part in field.split(separator: 0x0A, omittingEmptySubsequences: false) {
                if String(validating: part, as: UTF8.self) == nil { break }
                line += 1
            }
            throw PurchaseCSV.RowError(line: line, reason: "not valid UTF-8; if the file is Latin-1, read it as Latin-1", remedy: .latin1)
        }
    }

    mutating func nextRecord() throws -> (line: Int, fields: [String])? {
        guard offset < bytes.count else { return nil }
        let start = line
        fieldLine = line
        var fields: [String] = []
        var field: [UInt8] = []
        var quoted = false
        var wasQuoted = false
        while offset < bytes.count {
            let byte = bytes[offset]
            offset += 1
            if quoted {
                if byte == 0x22 {
                    if offset < bytes.count && bytes[offset] == 0x22 { field.append(0x22); offset += 1 } else { quoted = false }
                } else {
                    if byte == 0x0A { line += 1 }
                    field.append(byte)
                }
                continue
            }
            if byte == delimiter {
                fields.append(try text(field))
                field.removeAll(keepingCapacity: true)
                wasQuoted = false
                fieldLine = line
                continue
            }
            switch byte {
            case 0x22 where field.isEmpty && !wasQuoted:
                quoted = true
                wasQuoted = true
            case 0x0A:
                fields.append(try text(field))
                line += 1
                return (start, fields)
            case 0x0D where offset < bytes.count && bytes[offset] == 0x0A:
                continue
            default:
                if wasQuoted { throw PurchaseCSV.RowError(line: line, reason: "text after a closing quote") }
                field.append(byte)
            }
        }
        if quoted { throw PurchaseCSV.RowError(line: start, reason: "a quoted field is not closed") }
        fields.append(try text(field))
        return (start, fields)
    }
}
