import Domain

/// Gives each distinct text one `String` instance while a file is read, so that 100,000 lines
/// naming the same 2,000 items and 8 stores do not make 100,000 strings. An open-addressing
/// table over the field's bytes; the bytes of each text are kept in one buffer.
struct Interner {
    private var slots = [Int32](repeating: -1, count: 1 << 12)
    private var hashes: [UInt64] = []
    private var starts: [Int] = []
    private var lengths: [Int] = []
    private var storage: [UInt8] = []
    /// Every distinct text, numbered in the order first seen.
    private(set) var texts: [String] = []

    mutating func text(_ reader: FieldReader, _ range: Range<Int>) throws -> String {
        texts[Int(try number(reader, range))]
    }

    /// The text's number: its index in `texts`.
    mutating func number(_ reader: FieldReader, _ range: Range<Int>) throws -> Int32 {
        let field = try reader.source.bytes(in: range)
        let hash = Checksum.short(field)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash ^ (hash >> 32)) & mask
        while slots[slot] >= 0 {
            let entry = Int(slots[slot])
            if hashes[entry] == hash && lengths[entry] == field.count && field.elementsEqual(storage, at: starts[entry]) {
                return Int32(entry)
            }
            slot = (slot + 1) & mask
        }
        let text: String
        if field.contains(0x5C) {
            var single = FieldReader(reader.source, from: range.lowerBound, to: range.upperBound, lineNumber: reader.lineNumber)
            text = try single.text()
        } else {
            text = field.string
        }
        slots[slot] = Int32(texts.count)
        hashes.append(hash)
        starts.append(storage.count)
        lengths.append(field.count)
        storage.append(contentsOf: field)
        texts.append(text)
        if texts.count * 2 > slots.count { grow() }
        return Int32(texts.count - 1)
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        for (entry, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash ^ (hash >> 32)) & (slots.count - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = Int32(entry)
        }
    }
}
