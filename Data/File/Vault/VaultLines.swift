import Domain

/// What reading a vault file's lines finds, for `VaultIndex`: where the items start, the
/// category of each, and, for a file its checksum does not vouch for, every line checked for
/// shape and value. Used once per vault file a process reads.
struct VaultLines {
    var starts: [Int] = [], lineNumbers: [Int] = [], slots: [UInt32] = []
    var stores = DistinctFields(), categories = DistinctFields()
    var names = Set<String>()
    var ordered = true

    /// Every line is as Grock wrote it: an item starts where a line starts with "I".
    mutating func findItems(_ file: ByteReader, from first: Int) throws {
        var start = first
        var previous = 0..<0
        while start < file.count {
            let end = try file.lineEnd(from: start)
            if file.byteIfPresent(at: start) == 0x49 {  // I <id> <category> …
                starts.append(start)
                let idEnd = file.fieldEnd(from: start + 2, to: end)
                let category = idEnd + 1
                guard category < end else { throw file.failure("an item line without a category") }
                slots.append(categories.insert(try file.bytes(in: category..<file.fieldEnd(from: category, to: end))))
                let id = (start + 2)..<idEnd
                if ordered && !previous.isEmpty { ordered = try file.bytes(in: previous).order(try file.bytes(in: id)) < 0 }
                previous = id
            }
            start = end + 1
        }
}

    /// Not written by Grock as it is: every value is checked against the rules that Grock's
    /// own writes obey, so that nothing it would refuse is carried along.
    mutating func checkLines(_ file: ByteReader, from first: Int) throws {
        ordered = false
        lineNumbers.reserveCapacity(file.count / 200)
        var lineNumber = 1
        var start = first
        while start < file.count {
            let end = try file.lineEnd(from: start)
            lineNumber += 1
            defer { start = end + 1 }
            guard end > start else { continue }
            var reader = FieldReader(file, from: start, to: end, lineNumber: lineNumber)
            let kind = try reader.next()
            let letter = kind.count == 1 ? file.byteIfPresent(at: start) : nil
            if letter == 0x49 {  // I
                starts.append(start)
                lineNumbers.append(lineNumber)
                try checkItem(&reader, in: file)
            } else if letter == 0x24 && !starts.isEmpty {  // $
                try checkPrice(&reader, in: file)
            } else {
                throw reader.failure("a price comes before any item, or an unknown record")
            }
            guard reader.isAtEnd else { throw reader.failure("too many fields") }
        }
}

    /// The fields of an `I` line after its letter: id, category, unit, name.
    private mutating func checkItem(_ reader: inout FieldReader, in file: ByteReader) throws {
        let id = try reader.next()
        guard !id.isEmpty else { throw reader.failure("an item without an id") }
        slots.append(categories.insert(try file.bytes(in: try reader.next())))
        _ = try reader.unit()
        let name = try reader.text()
        do {
            guard try Name.validatedAsStored(name, kind: "item") == name else { throw reader.failure("an item name with spaces around it") }
        } catch let error as DomainError { throw reader.failure("\(error)") }
        guard names.insert(Name.key(name)).inserted else { throw reader.failure("a second item named \"\(name)\"") }
}

    /// The fields of a `$` line after its letter: store, basis, prices and their dates.
    private mutating func checkPrice(_ reader: inout FieldReader, in file: ByteReader) throws {
        let store = try reader.next()
        guard !store.isEmpty else { throw reader.failure("a price without a store") }
        stores.insert(try file.bytes(in: store))
        _ = try reader.basis()
        let regular = try reader.optionalInteger()
        try reader.skip()
        let promotion = try reader.optionalInteger()
        guard (regular ?? 0) >= 0 && (promotion ?? 0) >= 0 else { throw reader.failure("a negative price") }
        try reader.skip()
        try reader.skip()
    }
}
