import Domain

// Domain values read straight from a file's bytes, without making a `String` first: the readers
// meet a time on every history line and compare names across a whole vault. Each answers
// exactly what Domain's own rule answers for the same text (`ByteTextTests`). They take any
// collection of bytes: a field's `ByteSlice`, an array, a buffer.

extension Timestamp {
    /// `Timestamp(rfc3339:)` from bytes: `YYYY-MM-DDTHH:MM:SS` then `Z` or `±HH:MM`, read in
    /// one pass.
    init?(rfc3339 text: some Collection<UInt8>) {
        guard text.count == 20 || text.count == 25 else { return nil }
        var bytes = text.makeIterator()
        func number(_ count: Int) -> Int? {
            var value = 0
            for _ in 0..<count {
                guard let byte = bytes.next(), byte &- 0x30 < 10 else { return nil }
                value = value * 10 + Int(byte &- 0x30)
            }
            return value
        }
        func skip(_ byte: UInt8) -> Bool { bytes.next() == byte }
        guard let year = number(4), skip(0x2D), let month = number(2), skip(0x2D), let dayOfMonth = number(2), skip(0x54),
              let hour = number(2), skip(0x3A), let minute = number(2), skip(0x3A), let second = number(2),
              let day = Day(year: year, month: month, day: dayOfMonth) else { return nil }
        var offset: (hours: Int, minutes: Int, sign: Int) = (0, 0, 1)
        let zone = bytes.next()
        if text.count == 20 {
            guard zone == 0x5A else { return nil }  // Z
        } else {
            guard zone == 0x2B || zone == 0x2D, let hours = number(2), skip(0x3A), let minutes = number(2) else { return nil }
            offset = (hours, minutes, zone == 0x2D ? -1 : 1)
        }
        self.init(day: day, hour: hour, minute: minute, second: second, offset: offset)
    }
}

extension Name {
    /// Whether printable-ASCII `text` has `key` (`Name.key`), compared byte by byte without
    /// building a string; nil when that takes more than ASCII: a byte outside printable ASCII
    /// is reached before the answer is known.
    static func asciiText(_ text: some Sequence<UInt8>, hasKey key: [UInt8]) -> Bool? {
        var matched = 0
        var pendingSpace = false
        for byte in text {
            guard byte >= 0x20 && byte < 0x7F else { return nil }
            if byte == 0x20 {
                pendingSpace = matched > 0
                continue
            }
            if pendingSpace {
                guard matched < key.count, key[matched] == 0x20 else { return false }
                matched += 1
                pendingSpace = false
            }
            guard matched < key.count, key[matched] == (byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte) else { return false }
            matched += 1
        }
        return matched == key.count
    }
}
