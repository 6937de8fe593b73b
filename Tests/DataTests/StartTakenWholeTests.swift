@testable import DataLayer
import Domain
import Foundation
import TestSupport
import Testing

/// A device joining takes the household's start whole (`StartAssembly`): written as it is read,
/// each thing decoded once. What the start says must arrive as a merge of the same versions
/// would put it: later versions of a part replace earlier ones, a deletion deletes, lines follow
/// their cart's order, and parts whose thing only a stamped version of the same snapshot holds
/// (a cart renamed since the household started) are put together with it.
@Suite struct StartTakenWholeTests {
    typealias Household = HostileSegmentTests.Household

    /// The laptop's data as versions of a start (`HouseholdSync.snapshot`), by key.
    func start(of house: Household) async throws -> [SyncKey: SyncVersion] {
        let versions = try await FileStorage(directory: house.data("laptop")).read { working in
            try HouseholdSync.snapshot(of: working as! WorkingSet)
        }
        return Dictionary(versions.map { ($0.key, $0) }, uniquingKeysWith: { $1 })
    }

    @Test func aStartWrittenByAnotherDeviceArrivesWholeWhateverOrderItsVersionsCome() async throws {
        let house = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: house.root) }
        let laptop = house.useCases("laptop")
        for name in ["Bread", "Eggs", "Tea"] { _ = try await laptop.addItem(name: name, category: "Dairy", price: "2.00", store: "Aldi") }
        _ = try await laptop.createCart(name: "Party", items: ["Tea", "Bread", "Eggs", "Milk"])
        let held = try await house.backup("laptop")
        let party = try #require(held.activeCarts.first { $0.name == "Party" })
        var versions = try await start(of: house)

        // The cart's header only as a stamped version (renamed after the household started), its
        // order listing two of its four lines, and Milk's line first as a version a later one replaces.
        let header = SyncKey(.cart, party.id.rawValue)
        let renamed = try #require(versions[header]?.payload).replacingOccurrences(of: "\"Party\"", with: "\"Party night\"")
        versions[header] = nil
        let ids = party.lines.map(\.itemID.rawValue)
        versions[SyncKey(.order, party.id.rawValue)] = SyncVersion(key: SyncKey(.order, party.id.rawValue), stamp: .zero, replaces: .zero,
            isBought: false, seen: nil,
                                                                   payload: try SyncParts.json([ids[1], ids[0]]))
        let milkLine = SyncKey(.line, party.id.rawValue, try #require(held.items.first { $0.name == "Milk" }).id.rawValue)
        let milk = try #require(versions[milkLine])
        let earlier = SyncVersion(key: milkLine, stamp: .zero, replaces: .zero, isBought: false, seen: nil,
            payload: try #require(milk.payload).replacingOccurrences(of: "\"quantity\":\"1\"", with: "\"quantity\":\"7\""))
        // A store the start first tells of and then deletes.
        let gone = SyncKey(.store, "00000000000000aa")
        let store = SyncVersion(key: gone, stamp: .zero, replaces: .zero, isBought: false, seen: nil,
            payload: try storePayload(held, id: gone.ids[0]))
        let lines = [store.line, SyncVersion(key: gone, stamp: .zero, replaces: .zero, isBought: false, seen: nil, payload: nil).line,
            earlier.line]
            + versions.values.sorted { $0.key > $1.key }.map(\.line)  // backwards: lines before their cart
            + ["\(header)\t\(house.stamp("other", -30))\t0\t-\t\(renamed)"]

        // The founder's and the phone's folders are gone: the joining tablet takes this start.
        for device in
            ["laptop", "phone"] { try FileManager.default.removeItem(atPath: try HouseholdFolder(path: house.folder).devicePath(device)) }
        try house.forge("other", snapshot: true, lines)
        let report = try await house.sync("tablet").join(folder: house.folder, device: "tablet", name: "tablet")
        #expect(report.quarantined.isEmpty)

        let joined = try await house.backup("tablet")
        #expect(joined.items == held.items)
        #expect(joined.stores == held.stores)
        #expect(joined.categories == held.categories)
        #expect(joined.completedCarts == held.completedCarts)
        let arrived = try #require(joined.activeCarts.first { $0.id == party.id })
        #expect(arrived.name == "Party night")
        // The order's two lines first, then the others by id; Milk's line as its later version says.
        #expect(arrived.lines.map(\.itemID.rawValue) == [ids[1], ids[0]] + ids[2...].sorted())
        #expect(arrived.lines == [party.lines[1], party.lines[0]] + party.lines[2...].sorted { $0.itemID.rawValue < $1.itemID.rawValue })
    }

    @Test func aStartTakenWholeAndOneMergedPartByPartAgree() async throws {
        let house = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: house.root) }
        let laptop = house.useCases("laptop")
        _ = try await laptop.addItem(name: "Bread", category: "Bakery", price: "2.10", store: "Aldi")
        _ = try await laptop.createCart(name: "Party", items: ["Bread", "Milk"])
        _ = try await house.sync("laptop").exchange()
        _ = try await house.sync("phone").exchange()
        // The tablet joins into empty data (taken whole); the phone had merged part by part.
        _ = try await house.sync("tablet").join(folder: house.folder, device: "tablet", name: "tablet")
        #expect(try await house.backup("tablet") == house.backup("phone"))
        #expect(try await house.backup("tablet") == house.backup("laptop"))
    }

    func storePayload(_ backup: Backup, id: String) throws -> String {
        let aldi = try #require(backup.stores.first { $0.name == "Aldi" })
        return try SyncParts.json(StoreRecord(id: id, name: "Gone", createdAt: StoreRecord(aldi).createdAt, aisleOrder: [], removed: false))
    }
}

/// Starting and joining are one change each: what fails changes nothing, in the data directory
/// or in the folder.
@Suite struct StartAndJoinAreOneChangeTests {
    @Test func aStartThatFailsLeavesTheFolderAsItWasAndTheDataNotSyncing() async throws {
        let root = try TemporaryDirectory().path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let folder = root + "/folder", data = root + "/laptop"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let cases = UseCases(storage: FileStorage(directory: data), clock: FakeClock(Timestamp(clamping: 1_790_000_000)),
            ids: CountingIdentifiers(0))
        _ = try await cases.setUpFirstRun()
        _ = try await cases.addStore(name: "Aldi")
        // Where the device file goes is a folder: the start fails after its segment is written.
        try FileManager.default.createDirectory(atPath: folder + "/devices/laptop/device", withIntermediateDirectories: true)
        let sync = HouseholdSync(directory: data, newDevice: { "0000000000000h01" })
        await #expect(throws: (any Error).self) { _ = try await sync.start(folder: folder, device: "laptop", name: "laptop") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["devices"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/devices/laptop") == ["device"])
        #expect(!LocalSyncState(directory: data).isSetUp)
        // Once the folder can take it, the same data directory starts the household.
        try FileManager.default.removeItem(atPath: folder + "/devices")
        _ = try await sync.start(folder: folder, device: "laptop", name: "laptop")
        #expect(LocalSyncState(directory: data).isSetUp)
        #expect(try HouseholdFolder(path: folder).household() == "0000000000000h01")
    }

    /// A device joining takes the household's start or nothing: a start still arriving, damaged
    /// or gone (its device's folder deleted before any other device wrote a snapshot) is refused
    /// with what is wrong, the data left as it was, no device left in the folder; joined later,
    /// it holds what the others hold.
    @Test func aJoinWithoutAStartTakesNothing() async throws {
        let house = try await HostileSegmentTests.Household.make()
        defer { try? FileManager.default.removeItem(atPath: house.root) }
        let founder = try #require(try HouseholdFolder(path: house.folder).marker().founder)
        let start = try HouseholdFolder(path: house.folder).devicePath(founder) + "/00000000.seg"
        let whole = try Data(contentsOf: URL(fileURLWithPath: start))
        let tablet = house.useCases("tablet")
        _ = try await tablet.setUpFirstRun()
        for (damage, reason) in
            [(whole.prefix(200), "is still arriving"), (whole.dropLast(2) + Data("0\n".utf8), "its checksum does not match"),
                                 (nil, "no other device wrote a snapshot yet")] {
            if let damage { try damage.write(to: URL(fileURLWithPath: start)) } else { try FileManager.default.removeItem(atPath: start) }
            let before = try await house.backup("tablet")
            do {
                _ = try await house.sync("tablet").join(folder: house.folder, device: "tablet", name: "tablet")
                Issue.record("joined without a start (\(reason))")
            } catch let error as SyncError {
                guard case .noStart(_, let why) = error else { Issue.record("\(error)"); continue }
                #expect(why.contains(reason), "\(why)")
            }
            #expect(try await house.backup("tablet") == before)
            #expect(!LocalSyncState(directory: house.data("tablet")).isSetUp)
            #expect(try HouseholdFolder(path: house.folder).device("tablet") == nil)
        }
        try whole.write(to: URL(fileURLWithPath: start))
        _ = try await house.sync("tablet").join(folder: house.folder, device: "tablet", name: "tablet")
        #expect(try await house.backup("tablet") == house.backup("laptop"))
    }

    /// Joining changes nothing for the others: a start's lines are taken as planned, not
    /// planned again after its prices (a tester saw a join send a new planned price).
    @Test func aJoinSendsNothing() async throws {
        let house = try await HostileSegmentTests.Household.make()
        defer { try? FileManager.default.removeItem(atPath: house.root) }
        let laptop = house.useCases("laptop")
        _ = try await laptop.createCart(name: "Next", items: ["Milk"])
        _ = try await laptop.setPrice(item: "Milk", store: "Aldi", price: "1.05")
        _ = try await house.sync("laptop").exchange()
        _ = try await house.sync("tablet").join(folder: house.folder, device: "tablet", name: "tablet")
        #expect(try await house.sync("tablet").status().pending == 0)
        #expect(try await house.backup("tablet") == house.backup("laptop"))
    }

    @Test func aJoinIsOneChange() async throws {
        let house = try await HostileSegmentTests.Household.make()
        defer { try? FileManager.default.removeItem(atPath: house.root) }
        let undo = try FileStorage(directory: house.data("phone")).loadState().record.undo.entries
        #expect(undo.map(\.summary).count(where: { $0.hasPrefix("synced") }) == 1, "\(undo.map(\.summary))")
        #expect(!undo.contains { $0.summary.hasPrefix("made ready") })
    }
}
