import DataLayer
import Testing

/// The long sync messages, word for word as a person reads them (and as the AppTests compare).
@Suite struct SyncErrorMessageTests {
    @Test(arguments: [
        (SyncError.erasingWhileSyncing(folder: "/s"),
         "this device syncs with the household in /s: erasing it would tell the others nothing; leave the household first"),
        (.householdLost(folder: "/s"),
         "/s lost its grock-household file and this device does not know its household; put the folder back, or leave the household "
            + "and join it again through a folder another device syncs"),
        (.otherHousehold(folder: "/s", found: "h2", this: "h1"),
         "/s now holds another household (h2) than this device's (h1); nothing was merged: leave the household and join it again "
            + "through its folder"),
        (.noStart(folder: "/s", reason: "damaged"),
         "/s holds no start of the household this device can take (damaged); nothing was joined: join again once it is whole, "
            + "or sync a device of the household first, which writes a snapshot"),
        (.unsentChanges(count: 1),
         "1 change made on this device was not sent to the household yet; nothing was changed: send it first, or leave without it"),
        (.unsentChanges(count: 2),
         "2 changes made on this device were not sent to the household yet; nothing was changed: send them first, or leave without them"),
        (.unsentChanges(count: 0),
         "0 changes made on this device were not sent to the household yet; nothing was changed: send them first, or leave without them"),
    ])
    func aMessageReadsAsItAlwaysDid(error: SyncError, message: String) {
        #expect(error.description == message)
    }
}
