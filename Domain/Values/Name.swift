/// The rules for every name a person types: stores, categories, items, carts, trips and devices.
///
/// A name is bounded in bytes as well as in characters: one character (a grapheme cluster) can
/// hold any number of combining marks, so a hundred characters alone bound nothing (`a` and
/// 400,000 accents is one character, 800 KB, which every later command would read). 400 bytes of
/// UTF-8 is 4 a character on average: a hundred letters of any script, accented or not, or a
/// hundred emoji fit; only a long name heavy with combining marks or joined emoji (`👨‍👩‍👧` is 18
/// bytes) meets the byte bound first.
///
/// A name holds nothing `Echo` escapes: no control character (Cc), line or paragraph separator,
/// nor bidirectional embedding, override or isolate (U+202A–202E, U+2066–2069), which reorder the
/// rest of the line the name is shown on (a name from a sync peer could make a line read
/// otherwise). The direction marks (U+200E, U+200F, U+061C) stay: each acts as one strong letter
/// does, as a right-to-left name's own letters already do, on its neighbours only.
public enum Name {
    /// The most characters a name may have, after trimming.
    public static let maximumLength = 100

    /// The most bytes of UTF-8 a name may take, after trimming: 4 a character on average.
    public static let maximumBytes = 400

    /// The name trimmed of surrounding white space.
    /// - Throws: `DomainError.invalidName` when it is empty, longer than 100 characters or 400
    ///   bytes of UTF-8, or contains a character `Echo` escapes (a control character, a line
    ///   separator, a bidirectional embedding, override or isolate).
    public static func validated(_ text: String, kind: String) throws -> String {
        try validated(text, kind: kind, asStored: false)
    }

    /// `validated` by the rules before names were bounded in bytes and refused the line
    /// separators and direction controls: for Grock's own files read back, so that a name stored
    /// then still opens (the screens escape what it holds). Never for a name from outside the data
    /// directory: a typed, imported or synced name meets `validated`.
    /// - Throws: `DomainError.invalidName` when it is empty, longer than 100 characters or
    ///   contains a control character (Cc).
    public static func validatedAsStored(_ text: String, kind: String) throws -> String {
        try validated(text, kind: kind, asStored: true)
    }

    private static func validated(_ text: String, kind: String, asStored: Bool) throws -> String {
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
        if !asStored, name.utf8.count > maximumBytes {
            throw DomainError.invalidName(kind: kind, name: name,
                                          reason: "it is longer than \(maximumBytes) bytes of UTF-8 (accents and emoji take several)")
        }
        for scalar in name.unicodeScalars where Echo.needsEscape(scalar) {
            if scalar.properties.generalCategory == .control {
                throw DomainError.invalidName(kind: kind, name: name, reason: "it contains control characters")
            }
            guard !asStored else { continue }
            let what = Echo.isDirectionControl(scalar)
                ? "a direction control that reorders the text shown after it"
                : "a line or paragraph separator"
            throw DomainError.invalidName(kind: kind, name: name, reason: "it contains \(Echo.escape(scalar)), \(what)")
        }
        return name
    }

    /// The longest start of `text` in whole characters that leaves room for `reserved` more
    /// characters and as many bytes of UTF-8 within a name's bounds: a name made from another
    /// (a receipt's line, a trip named after its store) is cut to it.
    public static func prefix(of text: String, reserving reserved: Int = 0) -> Substring {
        var end = text.startIndex, characters = reserved, bytes = reserved
        for index in text.indices {
            characters += 1
            bytes += text[index].utf8.count
            guard characters <= maximumLength, bytes <= maximumBytes else { break }
            end = text.index(after: index)
        }
        return text[..<end]
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
        let scored = names.compactMap { name in
            EditDistance.between(Array(key), Array(Name.key(name)), atMost: max(2, key.count / 3)).map { (name, $0) }
        }
        return scored.min { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }?.0
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
