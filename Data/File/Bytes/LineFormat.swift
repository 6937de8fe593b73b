#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Domain

/// Grock's compact text formats (`history.tsv`, `vault-N.tsv`): one record per line, fields
/// separated by tabs, a letter first saying what the record is. Text fields escape `\`, tab and
/// line breaks as `\\`, `\t`, `\n`, `\r`; an empty field means "none". They are read by hand,
/// byte by byte, because Codable over a history of 100,000 purchases takes seconds.
enum LineFormat {
    static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x5C || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return text }
        var escaped = ""
        for character in text {
            switch character {
            case "\\": escaped += "\\\\"
            case "\t": escaped += "\\t"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// Appends fields joined by tabs and a line break.
    static func line(_ fields: [String], to output: inout [UInt8]) {
        for (index, field) in fields.enumerated() {
            if index > 0 { output.append(0x09) }
            output.append(contentsOf: field.utf8)
        }
        output.append(0x0A)
    }
}
