import Composition
import DataLayer
import Domain
import Foundation
import TestSupport
import Testing

/// Composition's wrappers, what every front's storage is, held to the contract the data
/// layer's storages keep (TestSupport's `StorageContract`).
enum WrappedStorageKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// `background`: `BackgroundStorage` over the file store, as a server's container has it.
    /// `commitWatching`: `CommitWatchingStorage` over the file store, as the command line has it.
    /// `asBuilt`: both over a synced file store, as a server's container in a household has it.
    case background, commitWatching, asBuilt

    var testDescription: String { rawValue }

    /// The contract over a new storage of this kind, its data in a directory of its own.
    var contract: StorageContract {
        StorageContract { directory in
            let home = directory.path + "/" + rawValue + "-" + UUID().uuidString.prefix(8)
            let data = home + "/data"
            let make: @Sendable () -> any Storage
            switch self {
            case .background: make = { BackgroundStorage(FileStorage(directory: data)) }
            case .commitWatching: make = { CommitWatchingStorage(FileStorage(directory: data)) }
            case .asBuilt:
                let folder = home + "/household"
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                _ = try await HouseholdSync(directory: data, now: { 1_772_400_000_000 }, newDevice: { "0000000000000d01" })
                    .start(folder: folder, device: "0000000000000d01", name: "contract")
                make = { CommitWatchingStorage(BackgroundStorage(SyncedStorage(FileStorage(directory: data), now: { 1_772_400_000_000 }))) }
            }
            return (make(), make)
        }
    }
}

@Suite struct CompositionStorageContractTests {
    @Test(arguments: WrappedStorageKind.allCases, StorageContractCase.allCases)
    func keepsTheContract(kind: WrappedStorageKind, contractCase: StorageContractCase) async throws {
        try await contractCase.run(kind.contract) }
}
