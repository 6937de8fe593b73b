/// The rules for every name a person types: stores, categories, items and carts.
public enum Name {
    /// The most characters a name may have, after trimming.
    public static let maximumLength = 100

    /// The name trimmed of surrounding white space.
    /// - Throws: `DomainError.invalidName` when it is empty, longer than 100 characters or
    ///   contains control characters.
    public static func validated(_ text: String, kind: String) throws -> String {
        // Fast path for the common case: printable ASCII, no surrounding spaces.
        let utf8 = text.utf8
        if let first = utf8.first, let last = utf8.last, first != 0x20, last != 0x20, utf8.count <= maximumLength,
           utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            return text
        }
        let name = text.trimmingWhitespace()
        if name.isEmpty { throw DomainError.invalidName(kind: kind, name: text, reason: "it is empty") }
        if name.count > maximumLength {
            throw DomainError.invalidName(kind: kind, name: name, reason: "it is longer than \(maximumLength) characters")
        }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw DomainError.invalidName(kind: kind, name: name, reason: "it contains control characters")
        }
        return name
    }

    /// The form two names are compared in: case-, accent- and spacing-insensitive
    /// (`Crème  Fraîche` matches `creme fraiche`).
    public static func key(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return asciiKey(text) }
        var key = ""
        var lastWasSpace = false
        for character in text.trimmingWhitespace().lowercased() {
            if character.isWhitespace {
                if !lastWasSpace { key.append(" ") }
                lastWasSpace = true
                continue
            }
            lastWasSpace = false
            let folded = character.unicodeScalars.compactMap { scalar -> String? in
                if scalar.properties.generalCategory == .nonspacingMark { return nil }
                return accentFolding[scalar] ?? String(scalar)
            }.joined()
            key += folded
        }
        return key
    }

    /// `key` for printable ASCII, byte by byte.
    private static func asciiKey(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for byte in text.utf8 {
            if byte == 0x20 {
                pendingSpace = !bytes.isEmpty
                continue
            }
            if pendingSpace { bytes.append(0x20); pendingSpace = false }
            bytes.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The name a person most likely meant by `text`: one that starts with or contains it,
    /// else one within a small edit distance; nil when none is close. Of names alike close, the
    /// first alphabetically.
    public static func closest(to text: String, among names: [String]) -> String? {
        let key = Name.key(text)
        // Text longer than any name is none misspelt (and a megabyte of it, sent over RPC, would
        // take minutes of edit distances against every name).
        guard !key.isEmpty, key.utf8.count <= maximumLength * 4 else { return nil }
        // Alphabetical, so that of two names alike close the same one is suggested every time,
        // whatever order the storage lists them in.
        let names = names.sorted()
        if let partial = names.first(where: { Name.key($0).hasPrefix(key) }) ?? names.first(where: { Name.key($0).contains(key) }) {
            return partial
        }
        let scored = names.map { ($0, editDistance(key, Name.key($0))) }.filter { $0.1 <= max(2, key.count / 3) }
        return scored.min { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }?.0
    }

    /// Levenshtein distance between two strings, by characters.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    private static let accentFolding: [Unicode.Scalar: String] = {
        let groups: [(String, String)] = [
            ("àáâãäåāăą", "a"), ("çćĉċč", "c"), ("ďđ", "d"), ("èéêëēĕėęě", "e"), ("ĝğġģ", "g"),
            ("ĥħ", "h"), ("ìíîïĩīĭįı", "i"), ("ĵ", "j"), ("ķ", "k"), ("ĺļľŀł", "l"), ("ñńņňŉ", "n"),
            ("òóôõöøōŏő", "o"), ("ŕŗř", "r"), ("śŝşš", "s"), ("ţťŧ", "t"), ("ùúûüũūŭůűų", "u"),
            ("ŵ", "w"), ("ýÿŷ", "y"), ("źżž", "z"), ("ß", "ss"), ("æ", "ae"), ("œ", "oe"),
        ]
        var table: [Unicode.Scalar: String] = [:]
        for (letters, base) in groups {
            for scalar in letters.unicodeScalars { table[scalar] = base }
        }
        return table
    }()
}
