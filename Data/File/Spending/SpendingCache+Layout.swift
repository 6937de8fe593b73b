#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// How `spending.cache` is laid out (see `SpendingCache`), and finding a sound one: the header
/// line's counts and offsets, checked to describe a file of exactly its size, and the trailing
/// checksum, checked before anything else is read. Every read goes through `ByteReader`, so a
/// cache cut off, damaged or forged throws (and is then not used) instead of being read past.
extension SpendingCache {
    static let header = "grock-spending-cache\t4"

    /// The header line's numbers, checked to describe a file of exactly the given size.
    struct Layout {
        var historyLength = 0, historyChecksum: UInt64 = 0, historySeal: UInt64?
        var tripCount = 0, itemCount = 0, nameCount = 0, categoryCount = 0, storeCount = 0, manualCount = 0, lineCount = 0, packCount = 0
        var indexedCount = 0
        /// Absolute positions: where the first `C`, `I` and `O` lines and the binary columns start.
        var tripsAt = 0, itemsAt = 0, manualAt = 0, columnsAt = 0

        /// Where each binary column starts: five of `Int32`, one of `UInt8`, three of `Int64`.
        func column(_ number: Int) -> Int { columnsAt + lineCount * [0, 4, 8, 12, 16, 20, 21, 29, 37][number] }
        var tripStartsAt: Int { columnsAt + lineCount * 45 }
        var itemStartsAt: Int { tripStartsAt + tripCount * 4 }
        var itemLinesAt: Int { itemStartsAt + (itemCount + 1) * 4 }
        var end: Int { itemLinesAt + indexedCount * 4 }
    }

    /// What every failed check throws. The cache is derived data, so no message reaches anyone:
    /// a damaged cache is set aside and history read instead.
    static func damaged(_ path: String) -> StorageError {
        .unreadable(path: path, reason: "it is not a spending cache as Grock writes it")
    }

    /// The cache in `file` (all of its bytes): its contents (without the checksum) and layout.
    /// - Parameter known: the same file was found sound before, so its checksum is not computed again.
    /// - Throws: `StorageError.unreadable` when its checksum or layout is wrong.
    static func checked(_ file: ByteReader, known: Bool = false) throws -> (ByteReader, Layout) {
        guard file.count > 8 else { throw damaged(file.path) }
        let contents = try file.reader(in: 0..<(file.count - 8))
        guard try known || file.integer(UInt64.self, at: contents.count) == Checksum.value(of: contents.whole) else {
            throw damaged(file.path)
        }
        return (contents, try layout(contents))
    }

    /// The cache file this process last found sound. Files here are replaced by rename, never
    /// changed in place, so the same device, inode, size and time mean the same bytes: a command
    /// that reads several items' prices (a merge of other devices' changes) checks it once.
    private static let lastSound = Mutex<FileIdentity?>(nil)

    /// `body`'s answer for the mapped cache at `path`, checked; nil when the cache is missing,
    /// damaged, or `body` throws (finds it damaged) or answers nil.
    static func withChecked<T>(_ path: String, _ body: (ByteReader, Layout) throws -> T?) -> T? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_size > 8 else { return nil }
        let identity = FileIdentity(of: path)
        do {
            return try FileBytes.withReader(path, length: Int(info.st_size)) { cache -> T? in
                let known = identity != nil && lastSound.withLock { $0 } == identity
                let (contents, layout) = try checked(cache, known: known)
                if !known { lastSound.withLock { $0 = identity } }
                return try body(contents, layout)
            } ?? nil
        } catch {
            // A cache that cannot be read, or is damaged, is as good as none: the caller reads
            // history instead and writes the cache anew.
            return nil
        }
    }

    static func layout(_ file: ByteReader) throws -> Layout {
        let path = file.path
        guard let end = file.firstIndex(of: 0x0A, from: 0) else { throw damaged(path) }
        var reader = FieldReader(file, from: 0, to: end, lineNumber: 0)
        guard reader.string(try reader.next()) + "\t" + reader.string(try reader.next()) == header else { throw damaged(path) }
        var layout = Layout()
        layout.historyLength = Int(try reader.integer())
        guard layout.historyLength >= 0 else { throw damaged(path) }
        guard let historyChecksum = UInt64(reader.string(try reader.next())) else { throw damaged(path) }
        layout.historyChecksum = historyChecksum
        let seal = try reader.next()
        if !seal.isEmpty {
            guard let value = UInt64(reader.string(seal)) else { throw damaged(path) }
            layout.historySeal = value
        }
        var numbers: [Int] = []
        for _ in 0..<12 {
            let number = try reader.integer()
            // Below 2^31, so that no offset computed from them can overflow.
            guard number >= 0 && number < 1 << 31 else { throw damaged(path) }
            numbers.append(Int(number))
        }
        guard reader.isAtEnd else { throw damaged(path) }
        (layout.tripCount, layout.itemCount, layout.nameCount, layout.categoryCount, layout.storeCount, layout.manualCount) =
            (numbers[0], numbers[1], numbers[2], numbers[3], numbers[4], numbers[5])
        (layout.lineCount, layout.packCount, layout.indexedCount) = (numbers[6], numbers[7], numbers[8])
        layout.tripsAt = end + 1
        (layout.itemsAt, layout.manualAt, layout.columnsAt) = (end + 1 + numbers[9], end + 1 + numbers[10], end + 1 + numbers[11])
        guard layout.tripsAt <= layout.itemsAt, layout.itemsAt <= layout.manualAt, layout.manualAt <= layout.columnsAt,
              layout.indexedCount <= layout.lineCount, layout.end == file.count else { throw damaged(path) }
        return layout
    }

    /// Reads the lines of a section, one at a time, each starting with the letter asked for.
    struct Lines {
        let file: ByteReader
        var position: Int
        let end: Int

        init(_ file: ByteReader, from position: Int, to end: Int) {
            self.file = file
            self.position = position
            self.end = end
        }

        mutating func next(_ letter: UInt8) throws -> FieldReader {
            guard position < end, let lineEnd = file.firstIndex(of: 0x0A, from: position, to: end) else { throw damaged(file.path) }
            let start = position
            position = lineEnd + 1
            var reader = FieldReader(file, from: start, to: lineEnd, lineNumber: 0)
            let kind = try reader.next()
            guard kind.count == 1, file.byteIfPresent(at: kind.lowerBound) == letter else { throw damaged(file.path) }
            return reader
        }

        mutating func texts(_ count: Int, _ letter: UInt8) throws -> [String] {
            try (0..<count).map { _ in
                var line = try next(letter)
                return try line.text()
            }
        }
    }
}
