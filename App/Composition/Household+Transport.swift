import Adapters
import DataLayer

/// The household sync each call runs: over the transport the data directory chose
/// (DataLayer's `SyncTransport.chosen(for:)`), carried by git (Adapters' `GitTransport`) or by
/// whatever keeps the folder in step (`PassiveTransport`).
extension Household {
    func sync() -> HouseholdSync { sync(with: SyncTransport.chosen(for: directory)) }

    func sync(with transport: SyncTransport) -> HouseholdSync {
        let carrier: any FolderTransport = transport == .git ? GitTransport() : PassiveTransport()
        return HouseholdSync(directory: directory, lockTimeout: lockTimeout, transport: carrier, now: clock, newDevice: newDevice)
    }
}
