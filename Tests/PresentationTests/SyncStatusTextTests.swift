import Domain
import Terminal
import Testing

/// `grock sync status` as drawn from a `SyncStatus`.
@Suite struct SyncStatusTextTests {
    /// Devices sharing a name (a data directory copied goes on as a new id with the same name)
    /// are told apart by their ids; a name of one device stays as it is (29th review: three
    /// devices were listed as "vm", with no way to tell which was which).
    @Test func devicesSharingANameAreToldApartByTheirIds() {
        func device(_ id: String, _ name: String, isThis: Bool = false) -> SyncStatus.Device {
            SyncStatus.Device(id: id, name: name, isThis: isThis, hasLeft: false, segments: 2, applied: 2, lastSeen: nil)
        }
        let status = SyncStatus(folder: "/home/household", household: "h1",
                                devices: [device("d1", "vm", isThis: true), device("d2", "vm"), device("d3", "phone")],
                                pending: 0, waiting: [], damaged: [], quarantined: [])
        #expect(SyncText.status(status) == """
            Household folder: /home/household

              vm [d1] (this device): 2 sent, no change seen
              vm [d2]: 2 of 2 merged, no change seen
              phone: 2 of 2 merged, no change seen

            Changes waiting to be sent: 0
            """)
    }
}
