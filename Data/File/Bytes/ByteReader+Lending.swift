// Where bytes in memory (an array, a slice, a string) are lent to a `ByteReader`: with
// `FileBytes` (a file's bytes), the only places outside ByteReader.swift that hand it a pointer.

extension Array<UInt8> {
    /// Calls `body` with a reader over the array's bytes, read from the file at `path`.
    func withByteReader<T>(path: String, _ body: (ByteReader) throws -> T) rethrows -> T {
        // The reader borrows the array's memory: this is where it is lent.
        try withUnsafeBufferPointer { try body(ByteReader($0, path: path)) }
    }
}

extension ArraySlice<UInt8> {
    /// Calls `body` with a reader over the slice's bytes (offsets from its start), read from the
    /// file at `path`.
    func withByteReader<T>(path: String, _ body: (ByteReader) throws -> T) rethrows -> T {
        // As for an array: the slice's memory, lent to the reader.
        try withUnsafeBufferPointer { try body(ByteReader($0, path: path)) }
    }
}

extension Collection<UInt8> {
    /// Calls `body` with the bytes as a `ByteSlice` (offsets from 0): in place when they are held
    /// in one piece (arrays, their slices, readers' slices, a native string's UTF-8), else copied
    /// into one first.
    @inline(__always)
    func withByteSlice<T>(_ body: (ByteSlice) throws -> T) rethrows -> T {
        // Their memory, lent to a reader for the call.
        if let answer = try withContiguousStorageIfAvailable({ try body(ByteReader($0, path: "").whole) }) { return answer }
        return try ContiguousArray(self).withUnsafeBufferPointer { try body(ByteReader($0, path: "").whole) }
    }
}

extension String {
    /// Calls `body` with a reader over the text's UTF-8 bytes, in place when the string holds
    /// them contiguously (as every native string does).
    func withByteReader<T>(path: String, _ body: (ByteReader) throws -> T) rethrows -> T {
        var text = self
        // The string's own UTF-8 memory, lent to the reader (made contiguous first if it is not).
        return try text.withUTF8 { try body(ByteReader($0, path: path)) }
    }
}
