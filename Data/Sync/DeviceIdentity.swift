/// This device as an exchange knows it: its setup, and the id it had before when the folder
/// showed that another data directory writes as it (a copy of this one, or this one put back
/// from a backup) and it became a device of its own.
struct DeviceIdentity {
    private(set) var setup: LocalSyncState.Setup
    /// The id this device had before it became a device of its own.
    private(set) var former: String?
    /// The id `sync/device.tsv` still names when the index committed with the data names
    /// another (`resume`): changes made meanwhile are stamped with it.
    private(set) var stale: String?

    init(_ setup: LocalSyncState.Setup) { self.setup = setup }

    var device: String { setup.device }

    /// The name its `device` file in the folder gives it.
    var name: String { setup.name.isEmpty ? setup.device : setup.name }

    /// Goes on as `id`, the device the committed index is of, though `sync/device.tsv` names
    /// another: an exchange that took a new id was killed after its commit, before it wrote
    /// that file.
    mutating func resume(_ id: String) {
        stale = setup.device
        setup = LocalSyncState.Setup(device: id, folder: setup.folder, name: setup.name, household: setup.household)
    }

    /// Whether `sync/device.tsv` must be written again: this device took a new id, or resumed one.
    var isNew: Bool { former != nil || stale != nil }

    /// Becomes the device `id`, keeping its folder, name and household.
    mutating func become(_ id: String) {
        former = setup.device
        setup = LocalSyncState.Setup(device: id, folder: setup.folder, name: setup.name, household: setup.household)
    }
}
