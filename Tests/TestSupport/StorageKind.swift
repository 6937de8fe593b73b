import DataLayer
import Domain
import Foundation
import Testing

/// The data layer's storages under test: `StorageContractTests` runs every contract case
/// against each, and DataTests' suites of one concern (units, backups, receipts' names,
/// transfers) run theirs.
public enum StorageKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// `synced`: the file store of a data directory that syncs with a household (what every
    /// front's container uses), each change also kept for the household. `unchecked`: TestSupport's
    /// `UncheckedStorage`, which keeps damaged values for the fronts' tests: otherwise it must keep
    /// the same contract.
    case inMemory, file, synced, unchecked

    public var testDescription: String { rawValue }

    /// A storage, and a function that opens the same data again as a new storage would
    /// (a new process, for the file store). The stores on disk are made in a directory of their
    /// own inside `directory`, which the test removes.
    public func make(in directory: TemporaryDirectory) async throws -> (storage: any Storage, reopen: @Sendable () -> any Storage) {
        let home = directory.path + "/" + rawValue + "-" + UUID().uuidString.prefix(8)
        switch self {
        case .inMemory:
            let storage = InMemoryStorage()
            return (storage, { storage })
        case .file:
            let data = home + "/data"
            return (FileStorage(directory: data), { FileStorage(directory: data) })
        case .synced:
            let data = home + "/data", folder = home + "/household"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            _ = try await HouseholdSync(directory: data, now: { 1_772_400_000_000 }, newDevice: { "0000000000000d01" })
                .start(folder: folder, device: "0000000000000d01", name: "contract")
            let clock: @Sendable () -> Int64 = { 1_772_400_000_000 }
            return (SyncedStorage(FileStorage(directory: data), now: clock), { SyncedStorage(FileStorage(directory: data), now: clock) })
        case .unchecked:
            let storage = UncheckedStorage()
            return (storage, { storage })
        }
    }

    /// The contract (TestSupport's `StorageContract`, its cases documented there) over this kind.
    public var contract: StorageContract { StorageContract { try await make(in: $0) } }
}
