@testable import DataLayer
import Domain
import Foundation
import TestSupport
import Testing

/// What a replicator does to the folder (findings 3 and 4 of issue #22): a conflict copy, a
/// segment overwritten by a copy's, the folder emptied.
extension HostileSegmentTests {
    /// Finding 3: two data directories of one device (a copy) both write its segment N; the
    /// replicator keeps one as a conflict copy. Both sides' changes reach every device.
    @Test func aConflictCopyIsReadAndBothSidesChangesArrive() async throws {
        let home = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        // The phone's data directory copied; the copy writes in a folder of its own, as a
        // replicator's other side would, then both files meet in the one folder.
        let copyFolder = try home.copyPhone()
        _ = try await home.useCases("phone").addItem(name: "Tea", category: "Dairy", price: "1.99", store: "Aldi")
        _ = try await home.useCases("phonecopy").addItem(name: "Coffee", category: "Dairy", price: "4.29", store: "Aldi")
        _ = try await home.sync("phone").exchange()
        _ = try await home.sync("phonecopy").exchange()
        let segments = try FileManager.default.contentsOfDirectory(atPath: copyFolder + "/devices/phone").filter {
            $0.hasSuffix(".seg") }.sorted()
        let mine = try #require(segments.last)
        try FileManager.default.copyItem(atPath: copyFolder + "/devices/phone/" + mine,
                                         toPath: home.folder + "/devices/phone/" + mine.dropLast(4)
                                             + ".sync-conflict-20261125-101010-ABCDEFG.seg")
        // Both copies become devices of their own; each side's change reaches the laptop and the other.
        let first = try await home.sync("phone").exchange()
        #expect(first.formerDevice == "phone")
        _ = try await home.sync("laptop").exchange()
        let names = Set(try await home.backup("laptop").items.map(\.name))
        #expect(names.isSuperset(of: ["Tea", "Coffee"]), "\(names)")
        #expect(Set(try await home.backup("phone").items.map(\.name)).isSuperset(of: ["Tea", "Coffee"]))
    }

    /// Finding 3 with a replicator that keeps no conflict copies (Syncthing's `maxConflicts` 0):
    /// the copy's segment N replaces this one's; this one sees its segment changed, becomes a
    /// device of its own, merges the copy's and sends its own changes again.
    @Test func aSegmentOverwrittenByACopyIsSentAgain() async throws {
        let home = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        let copyFolder = try home.copyPhone()
        _ = try await home.useCases("phone").addItem(name: "Tea", category: "Dairy", price: "1.99", store: "Aldi")
        _ = try await home.useCases("phone").addItem(name: "Juice", category: "Dairy", price: "2.19", store: "Aldi")
        _ = try await home.sync("phone").exchange()
        // The laptop merges the phone's segment before the copy's replaces it.
        _ = try await home.sync("laptop").exchange()
        _ = try await home.useCases("phonecopy").addItem(name: "Coffee", category: "Dairy", price: "4.29", store: "Aldi")
        _ = try await home.sync("phonecopy").exchange()
        let mine = try #require(try FileManager.default.contentsOfDirectory(atPath: copyFolder + "/devices/phone").filter {
            $0.hasSuffix(".seg") }.max())
        try FileManager.default.removeItem(atPath: home.folder + "/devices/phone/" + mine)
        try FileManager.default.copyItem(atPath: copyFolder + "/devices/phone/" + mine, toPath: home.folder + "/devices/phone/" + mine)
        let report = try await home.sync("phone").exchange()
        #expect(report.formerDevice == "phone", "\(report)")
        for device in ["laptop", "phone", "laptop"] { _ = try await home.sync(device).exchange() }
        for device in ["laptop", "phone"] {
            let names = Set(try await home.backup(device).items.map(\.name))
            #expect(names.isSuperset(of: ["Tea", "Juice", "Coffee"]), "\(device): \(names)")
        }
        #expect(try await home.backup("phone") == home.backup("laptop"))
        // An empty household file (a replicator's) counts as lost: written again, not a stop.
        try Data().write(to: URL(fileURLWithPath: home.folder + "/grock-household"))
        #expect(try await home.sync("laptop").exchange().folderRewritten)
    }

    /// Finding 4: the folder emptied by a replicator: the next sync of a member writes the
    /// household back (same id); another household in its place is refused, never merged.
    @Test func anEmptiedFolderComesBackAndAnotherHouseholdIsRefused() async throws {
        let home = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        let household = home.household
        for name in
            try FileManager.default.contentsOfDirectory(atPath: home.folder) {
            try FileManager.default.removeItem(atPath: home.folder + "/" + name) }
        let report = try await home.sync("laptop").exchange()
        #expect(report.folderRewritten)
        #expect(try HouseholdFolder(path: home.folder).household() == household)
        _ = try await home.useCases("phone").addItem(name: "Tea", category: "Dairy", price: "1.99", store: "Aldi")
        _ = try await home.sync("phone").exchange()
        _ = try await home.sync("laptop").exchange()
        #expect(try await home.backup("laptop").items.contains { $0.name == "Tea" })
        // A device joining the household written back gets everything.
        _ = try await home.sync("tablet").join(folder: home.folder, device: "tablet", name: "tablet")
        #expect(try await home.backup("tablet") == home.backup("laptop"))
        // Another household where this one was: refused, nothing merged.
        for name in
            try FileManager.default.contentsOfDirectory(atPath: home.folder) {
            try FileManager.default.removeItem(atPath: home.folder + "/" + name) }
        try HouseholdFolder(path: home.folder).create(household: "0123456789abcdef", founder: nil)
        await #expect(throws: SyncError.otherHousehold(folder: home.folder, found: "0123456789abcdef", this: household)) {
            try await home.sync("phone").exchange()
        }
    }
}
