import Domain

// Domain values read straight from a file's bytes, without making a `String` first: the readers
// meet a time on every history line and compare names across a whole vault. Each answers
// exactly what Domain's own rule answers for the same text (`ByteTextTests`).

extension Timestamp {
    /// `Timestamp(rfc3339:)` from bytes: `YYYY-MM-DDTHH:MM:SS` then `Z` or `±HH:MM`.
    init?(rfc3339 bytes: UnsafeBufferPointer<UInt8>) {
        func number(_ start: Int, _ count: Int) -> Int? {
            var value = 0
            for index in start..<start + count {
                let digit = bytes[index] &- 0x30
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            return value
        }
        guard bytes.count == 20 || bytes.count == 25, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54,
              bytes[13] == 0x3A, bytes[16] == 0x3A,
              let year = number(0, 4), let month = number(5, 2), let dayOfMonth = number(8, 2),
              let day = Day(year: year, month: month, day: dayOfMonth),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2) else { return nil }
        var offset: (hours: Int, minutes: Int, sign: Int) = (0, 0, 1)
        if bytes.count == 20 {
            guard bytes[19] == 0x5A else { return nil }  // Z
        } else {
            guard bytes[19] == 0x2B || bytes[19] == 0x2D, bytes[22] == 0x3A, let hours = number(20, 2), let minutes = number(23, 2) else { return nil }
            offset = (hours, minutes, bytes[19] == 0x2D ? -1 : 1)
        }
        self.init(day: day, hour: hour, minute: minute, second: second, offset: offset)
    }
}

extension Name {
    /// Whether printable-ASCII `text` has `key` (`Name.key`), compared byte by byte without
    /// building a string; nil when that takes more than ASCII: a byte outside printable ASCII
    /// is reached before the answer is known.
    static func asciiText(_ text: UnsafeBufferPointer<UInt8>, hasKey key: [UInt8]) -> Bool? {
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
