/// This device as an exchange knows it: its setup, and the id it had before when the folder
/// showed that another data directory writes as it (a copy of this one, or this one put back
/// from a backup) and it became a device of its own.
struct DeviceIdentity {
    private(set) var setup: LocalSyncState.Setup
    /// The id this device had before it became a device of its own.
    private(set) var former: String?

    init(_ setup: LocalSyncState.Setup) { self.setup = setup }

    var device: String { setup.device }

    /// The name its `device` file in the folder gives it.
    var name: String { setup.name.isEmpty ? setup.device : setup.name }

    /// Becomes the device `id`, keeping its folder, name and household.
    mutating func become(_ id: String) {
        former = setup.device
        setup = LocalSyncState.Setup(device: id, folder: setup.folder, name: setup.name, household: setup.household)
    }
}
