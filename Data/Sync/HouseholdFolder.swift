import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folder a household shares, kept in step by a replicator Grock does not run (Syncthing,
/// a cloud drive, a network share, git):
///
///     grock-household                 the household's id (written by `sync init`)
///     devices/DEVICE/device           the device's name, whether it left, and whether it
///                                     withdrew changes to send them again (`Withdrawal`)
///     devices/DEVICE/NNNNNNNN.seg     its changes (`Segment`)
///
/// Each device writes only under its own `devices/DEVICE`, each file once, under a temporary
/// name first: a replicator never sees two writers of one file, so it never makes a conflict
/// copy. Directories Grock makes are 0700, files 0600; nothing is encrypted.
struct HouseholdFolder {
    let path: String

    static let marker = "grock-household"

    var markerPath: String { path + "/" + HouseholdFolder.marker }
    var devicesPath: String { path + "/devices" }
    func devicePath(_ device: String) -> String { devicesPath + "/" + device }

    /// The folder, which must be a directory of this user's (followed if a link: the user named it).
    init(path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0 else { throw SyncError.unusableFolder(path: path, reason: "does not exist") }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw SyncError.unusableFolder(path: path, reason: "is not a directory") }
        guard info.st_uid == geteuid() else {
            throw SyncError.unusableFolder(path: path, reason: "belongs to another user (uid \(info.st_uid))")
        }
        self.path = path
        try checkLayout()
    }

    /// Whether the folder has its household file; an empty one (emptied by a replicator) is lost.
    var isHousehold: Bool {
        var info = stat()
        return lstat(markerPath, &info) == 0 && info.st_size > 0
    }

    /// The household's id, from the marker file.
    func household() throws -> String { try marker().id }

    /// The marker file: the household's id and, for a household started by this version of
    /// Grock or later, the device that started it (whose segment 0 is the household's start).
    func marker() throws -> (id: String, founder: String?) {
        let bytes: [UInt8]?
        do { bytes = try FileSystem.read(markerPath, limit: HouseholdFolder.largestSmallFile) } catch {
            throw SyncError.damaged(what: markerPath, reason: "\(error)")
        }
        guard let bytes else { throw SyncError.notAHousehold(folder: path) }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
        guard lines.count >= 2, lines[0] == "grock-household\t1", lines[1].hasPrefix("id\t"),
              Identifier.isValid(String(lines[1].dropFirst(3))) else {
            throw SyncError.damaged(what: markerPath,
                                    reason: "it is not a Grock household file; remove it and sync a device of the household, "
                                                + "which writes it again")
        }
        let founder = lines.dropFirst(2).first { $0.hasPrefix("founder\t") }.map { String($0.dropFirst(8)) }
        return (String(lines[1].dropFirst(3)), founder.flatMap { Identifier.isValid($0) ? $0 : nil })
    }

    /// Writes the marker file: a new household `household`, or one whose files were lost and
    /// are written again by a device that remembers it.
    /// - Parameter exclusive: a new household: refused if another appeared meanwhile (two
    ///   `sync init` of one folder at once; one wins).
    func create(household: String, founder: String?, exclusive: Bool = false) throws {
        guard !isHousehold else { throw SyncError.alreadyAHousehold(folder: path) }
        try makeDirectory(devicesPath)
        let bytes = Array(("grock-household\t1\nid\t\(household)\n" + (founder.map { "founder\t\($0)\n" } ?? "")).utf8)
        guard exclusive else { return try FileSystem.writeAtomically(bytes, to: markerPath) }
        do { try FileSystem.createNew(bytes, at: markerPath) } catch {
            if FileSystem.exists(markerPath) { throw SyncError.alreadyAHousehold(folder: path) }
            throw error
        }
    }

    func makeDirectory(_ directory: String) throws {
        var info = stat()
        if lstat(directory, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw SyncError.unusableFolder(path: directory, reason: "is not a directory (a link?)")
            }
            return
        }
        guard mkdir(directory, 0o700) == 0 || errno == EEXIST else {
            throw SyncError.unusableFolder(path: directory, reason: String(cString: strerror(errno)))
        }
    }

    // MARK: - Devices

    struct Device: Equatable {
        let id: String
        let name: String
        let left: Bool
        /// The changes it took back to send again under a new id (`grock sync --restamp`).
        var withdrawal: Withdrawal? = nil
    }

    /// Refuses a `devices` that is not a directory of its own (a symbolic link would make Grock
    /// read and write elsewhere); a missing one is made by the next write.
    func checkLayout() throws {
        var info = stat()
        guard lstat(devicesPath, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw SyncError.unusableFolder(path: devicesPath,
                                           reason: "is not a directory (a symbolic link?): Grock writes only into a folder of the "
                                                       + "household's own")
        }
    }

    /// The devices: directories (not links) of `devices/` with a name a device id can have; what
    /// else a replicator or a desktop leaves there (`.DS_Store`, `.stversions`) is not one.
    func devices() -> [String] {
        FileSystem.names(in: devicesPath).filter { name in
            var info = stat()
            return !name.hasPrefix(".") && Identifier.isValid(name)
                && lstat(devicePath(name), &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
        }.sorted()
    }

    /// The largest segment read (256 MiB): nine times a household's snapshot after 100,000
    /// purchases, a decade of a large household's shopping (28 MB); a larger file is damage, not
    /// read into memory. A file within it is read whole, so this is what a forged one can cost.
    static let largestSegment: Int64 = 1 << 28
    /// The largest `grock-household` or `device` file read: they hold an id and a name.
    static let largestSmallFile = 4096

    /// The device's `device` file; nil when it is missing or not one (too large, unreadable).
    func device(_ id: String) -> Device? {
        // A file that is not one (unreadable, or larger than a name can make it) is as good as missing.
        guard let bytes = try? FileSystem.read(devicePath(id) + "/device", limit: HouseholdFolder.largestSmallFile) else { return nil }
        var name = id, left = false, withdrawal: Withdrawal?
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            // A name Grock would refuse as typed (control characters, a line break), or one that does not
            // decode, is not shown: the id is.
            if line.hasPrefix("name\t"), let decoded = try? JSONDecoder().decode(String.self, from: Data(line.dropFirst(5).utf8)),
               (try? Name.validated(decoded, kind: "device")) == decoded { name = decoded }
            if line.hasPrefix("left\t") { left = true }
            // One that cannot be read is none: nothing is left out on its word.
            if line.hasPrefix("restamped\t") { withdrawal = Withdrawal(fields: line.split(separator: "\t").dropFirst().map { $0 }) }
        }
        return Device(id: id, name: name, left: left, withdrawal: withdrawal)
    }

    func writeDevice(_ id: String, name: String, left: Bool, withdrawal: Withdrawal? = nil) throws {
        try makeDirectory(devicesPath)
        try makeDirectory(devicePath(id))
        let text = "grock-device\t1\nname\t\(try SyncParts.json(name))\n" + (left ? "left\tyes\n" : "")
            + (withdrawal.map { "restamped\t\($0.fields)\n" } ?? "")
        try FileSystem.writeAtomically(Array(text.utf8), to: devicePath(id) + "/device")
    }

    /// Takes back what a start that failed wrote: the household file if it names `household`,
    /// and `device`'s folder (its device file and first segment). Best effort: what is left
    /// is a folder no household file names, which a later start writes over.
    func remove(household: String, device: String) {
        if (try? self.household()) == household { unlink(markerPath) }  // not that household's: not this start's to remove
        for file in FileSystem.names(in: devicePath(device)) { unlink(devicePath(device) + "/" + file) }
        rmdir(devicePath(device))
    }

    /// The segment files of one device's folder, listed once: a merge of thousands of segments
    /// lists each device's folder once, not once per segment.
    struct Listing {
        /// The segment files by number (`Segment.number(ofFile:)`), conflict copies included.
        private let byNumber: [Int: [String]]
        /// The segment numbers, in order, each once.
        let numbers: [Int]

        init(_ names: [String]) {
            var byNumber: [Int: [String]] = [:]
            for name in names { if let number = Segment.number(ofFile: name) { byNumber[number, default: []].append(name) } }
            self.byNumber = byNumber
            numbers = byNumber.keys.sorted()
        }

        /// The files of segment `number`: `NNNNNNNN.seg`, then any conflict copies a replicator
        /// made when two data directories wrote it (a copy of one device's directory).
        func files(_ number: Int) -> [String] {
            let own = Segment.fileName(number), all = byNumber[number] ?? []
            return all.filter { $0 == own } + all.filter { $0 != own }.sorted()
        }

        /// The first segment with a conflict copy (two writers used the device's id), if any.
        var firstConflict: Int? {
            numbers.first { (byNumber[$0]?.count ?? 0) > 1 || byNumber[$0]?.first.map(Segment.isConflictCopy) == true }
        }
    }

    func listing(of device: String) -> Listing { Listing(FileSystem.names(in: devicePath(device))) }

    /// A device's segment numbers, in order, each once.
    func segments(of device: String) -> [Int] { listing(of: device).numbers }

    /// Reads every file of a device's segment `number` (conflict copies too).
    func read(_ device: String, _ number: Int, household: String,
              in listing: Listing? = nil) -> [(file: String, reading: Segment.Reading)] {
        let names = (listing ?? self.listing(of: device)).files(number)
        return names.isEmpty
            ? [(Segment.fileName(number), .incomplete)]
            : names.map { ($0, read(device, file: $0, number: number, household: household)) }
    }

    func read(_ device: String, file: String, number: Int, household: String) -> Segment.Reading {
        var versions: [SyncVersion] = []
        let reading = read(device, file: file, number: number, household: household) { _, version in versions.append(version) }
        guard case .complete(var segment) = reading else { return reading }
        segment.versions = versions
        return .complete(segment)
    }

    /// Reads a device's segment file, handing each version to `each` (`Segment.read`).
    func read(_ device: String, file: String, number: Int, household: String, each: (Segment, SyncVersion) -> Void) -> Segment.Reading {
        let path = devicePath(device) + "/" + file
        var info = stat()
        if lstat(path, &info) == 0 {
            if info.st_mode & S_IFMT == S_IFLNK {
                return .damaged("it is a symbolic link, which Grock does not follow in the household folder")
            }
            if Int64(info.st_size) > HouseholdFolder.largestSegment {
                return .damaged("it is \(info.st_size) bytes, more than a segment can be")
            }
        }
        // A segment ends with its end line: one whose last byte is no line break is still arriving,
        // and is not read into memory (a large file being copied, or one made to look like it).
        if !HouseholdFolder.endsWithLineBreak(path) { return .incomplete }
        do {
            guard let bytes = try FileSystem.read(path, limit: Int(HouseholdFolder.largestSegment)) else { return .incomplete }
            return Segment.read(bytes, household: household, device: device, number: number, each: each)
        } catch {
            return .damaged("\(error)")
        }
    }

    /// The checksum in the end line of a device's segment `number` (its last bytes, read alone),
    /// or nil when it has none.
    func checksum(of device: String, _ number: Int) -> String? {
        let fd = open(devicePath(device) + "/" + Segment.fileName(number), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let count = Int(min(info.st_size, off_t(SegmentEndLine.tailLength)))
        var tail = [UInt8](repeating: 0, count: count)
        guard count > 0, pread(fd, &tail, count, off_t(info.st_size) - off_t(count)) == count,
              case .line(let end, _) = SegmentEndLine.find(in: tail) else { return nil }
        return end.checksum
    }

    /// Whether the file's last byte is a line break (read alone; false for a missing or empty file).
    static func endsWithLineBreak(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        guard fd >= 0 else { return true }  // Let the whole read say why.
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return true }
        guard info.st_size > 0 else { return false }
        var last: UInt8 = 0
        return pread(fd, &last, 1, off_t(info.st_size - 1)) == 1 && last == 0x0A
    }

    /// Writes a segment once. - Returns: its checksum.
    @discardableResult
    func write(_ segment: Segment) throws -> String {
        try makeDirectory(devicesPath)
        try makeDirectory(devicePath(segment.device))
        let file = devicePath(segment.device) + "/" + Segment.fileName(segment.number)
        guard !FileSystem.exists(file) else {
            throw SyncError.damaged(what: file, reason: "it exists already; another device uses this device's id")
        }
        let (bytes, checksum) = segment.encoded
        try FileSystem.writeAtomically(bytes, to: file)
        return checksum
    }
}
