import Domain
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// This device's side of sync, in the data directory's `sync/`:
///
///     sync/device.tsv        this device's id and the household folder
///     sync/clock             the hybrid clock, as of the last sync
///     sync/index-N.tsv       `SyncIndex`, written by change N (the newest committed counts)
///     sync/outbox/N.tsv      `OutboxEntry` of each change N made on this device
struct LocalSyncState: Sendable {
    let directory: String
    var syncDirectory: String { directory + "/sync" }
    var devicePath: String { syncDirectory + "/device.tsv" }
    var clockPath: String { syncDirectory + "/clock" }
    var outboxDirectory: String { syncDirectory + "/outbox" }
    func outboxPath(_ sequence: Int) -> String { outboxDirectory + "/\(sequence).tsv" }
    func indexPath(_ sequence: Int) -> String { syncDirectory + "/index-\(sequence).tsv" }

    struct Setup: Equatable, Sendable {
        let device: String
        let folder: String
        /// The device's name, as its `device` file in the folder says (rewritten if it goes).
        var name: String = ""
        /// The household's id (nil: set up by an earlier Grock, learnt at the next exchange): a
        /// folder of another household is refused, and one that lost its file gets it back.
        var household: String? = nil
    }

    /// Whether this data directory syncs: one look at `sync/device.tsv`.
    var isSetUp: Bool { FileSystem.exists(devicePath) }

    func setup() throws -> Setup {
        guard let bytes = try FileSystem.read(devicePath, limit: 1 << 16) else { throw SyncError.notSetUp }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
        guard (3...5).contains(lines.count), lines[0] == "grock-sync\t1", lines[1].hasPrefix("device\t"), lines[2].hasPrefix("folder\t"),
              lines.count == 3 || lines[3].hasPrefix("name\t"), lines.count < 5 || lines[4].hasPrefix("household\t") else {
            throw SyncError.damaged(what: devicePath, reason: "it cannot be read (leaving the household removes it)")
        }
        return Setup(device: String(lines[1].dropFirst(7)), folder: String(lines[2].dropFirst(7)),
                     name: lines.count >= 4 ? String(lines[3].dropFirst(5)) : "",
                     household: lines.count == 5 ? String(lines[4].dropFirst(10)) : nil)
    }

    func writeSetup(_ setup: Setup) throws {
        try makeDirectories()
        // The folder and the name cannot hold a line break: refused before (`HouseholdSync`).
        let household = setup.household.map { "household\t\($0)\n" } ?? ""
        try FileSystem.writeAtomically(Array(("grock-sync\t1\ndevice\t\(setup.device)\nfolder\t\(setup.folder)\n"
                                                  + "name\t\(setup.name)\n\(household)").utf8),
                                       to: devicePath)
    }

    // MARK: - Clock

    /// A timestamp for a change made now: later than the clock of the last sync and than every
    /// change in the outbox stamped as this device. A change stamped under an id this device had
    /// before is not waited for: the exchange that gave the new id holds its stamp in its clock,
    /// unless it restamped it because a wrong wall clock had set it far ahead.
    func tick(device: String, now: Int64) throws -> HybridTimestamp {
        var clock = HybridClock(device: device, latest: try storedClock(device: device))
        if let last = try outboxNumbers().last, let bytes = try FileSystem.read(outboxPath(last)),
           let stamp = OutboxEntry.stamp(inHead: bytes.prefix(200)), stamp.device == device {
            clock.receive(stamp)
        }
        return clock.tick(now: now)
    }

    /// The clock as the last exchange committed it (`sync/clock`). Missing or unreadable (cut
    /// short, edited by hand), it is the newest index's, which every exchange commits with its
    /// change: read whole then, which only a damaged clock costs.
    func storedClock(device: String) throws -> HybridTimestamp {
        if let bytes = try FileSystem.read(clockPath),
           let clock = HybridTimestamp(Substring(String(decoding: bytes, as: UTF8.self).trimmingSuffix("\n"))) {
            return clock
        }
        return try index(device: device, committed: .max, versions: false).0.clock
    }

    // MARK: - Outbox

    /// The numbers of the changes in the outbox.
    /// - Throws: `StorageError.io` when the outbox cannot be listed: none is never said of an
    ///   outbox that could not be read (leaving would drop what waits in it).
    func outboxNumbers() throws -> [Int] {
        try FileSystem.listing(of: outboxDirectory).compactMap { name in name.hasSuffix(".tsv") ? Int(name.dropLast(4)) : nil }.sorted()
    }

    func outboxEntry(_ sequence: Int) throws -> OutboxEntry? {
        guard let bytes = try FileSystem.read(outboxPath(sequence)) else { return nil }
        return try OutboxEntry(bytes, sequence: sequence, path: outboxPath(sequence))
    }

    /// Writes change `sequence`'s entry, or removes what a change of that number that never
    /// happened (a killed writer) left.
    func writeOutbox(_ bytes: [UInt8]?, sequence: Int) throws {
        if let bytes {
            try FileSystem.makeDirectory(outboxDirectory)
            try FileSystem.writeAtomically(bytes, to: outboxPath(sequence))
        } else if unlink(outboxPath(sequence)) == 0 {
            try FileSystem.syncDirectory(of: outboxPath(sequence))
        }
    }

    // MARK: - Segments

    /// The number of the segment being written (before it is), so that the next exchange knows
    /// a segment of this device's it finds beyond what its index says it sent for its own, left
    /// by an exchange killed before its change was committed, and not another directory's.
    var sendingPath: String { syncDirectory + "/sending" }

    /// `sync/` and its outbox: a start or a join writes its index there before it is set up.
    func makeDirectories() throws {
        try FileSystem.makeDirectory(syncDirectory)
        try FileSystem.makeDirectory(outboxDirectory)
    }

    func writeSending(_ number: Int) throws {
        try FileSystem.makeDirectory(syncDirectory)
        try FileSystem.writeAtomically(Array("\(number)\n".utf8), to: sendingPath)
    }

    func sending() -> Int? {
        // Unreadable is as good as absent: the segment is then found by its number and checksum.
        guard let bytes = try? FileSystem.read(sendingPath) else { return nil }
        return Int(String(decoding: bytes, as: UTF8.self).split(separator: "\n").first ?? "")
    }

    // MARK: - Index

    /// The index the newest committed change wrote (numbers below `committed`), or a new one.
    /// - Parameter versions: false to read all but the versions (`SyncIndex.init`).
    func index(device: String, committed: Int, versions: Bool = true) throws -> (SyncIndex, Int?) {
        let numbers = FileSystem.names(in: syncDirectory).compactMap { name -> Int? in
            guard name.hasPrefix("index-"), name.hasSuffix(".tsv") else { return nil }
            return Int(name.dropFirst(6).dropLast(4))
        }.filter { $0 < committed }.sorted()
        guard let newest = numbers.last, let bytes = try FileSystem.read(indexPath(newest)) else { return (SyncIndex(device: device), nil) }
        let index = try SyncIndex(bytes, path: indexPath(newest), versions: versions)
        // Written with change `newest`, it cannot have sent a later one: read so, changes made
        // since would be taken as sent, and never be.
        guard index.published <= newest else {
            throw SyncError.damaged(what: indexPath(newest), reason: "it says changes up to \(index.published) were sent, "
                                        + "but it was written with change \(newest)")
        }
        return (index, newest)
    }

    /// Removes indexes other than `keep` (best effort, after a commit).
    func removeIndexes(keeping keep: Int) {
        for name in FileSystem.names(in: syncDirectory) where name.hasPrefix("index-") && name != "index-\(keep).tsv" {
            unlink(syncDirectory + "/" + name)
        }
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}
