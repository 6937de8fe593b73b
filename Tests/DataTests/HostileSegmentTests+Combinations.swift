@testable import DataLayer
import Domain
import Foundation
import TestSupport
import Testing

/// Records each valid alone that go wrong together, and exchanges that fail twice (the
/// eighteenth review's and the household attacker's findings): names of the longest length made
/// alike on two devices, thousands of one name, a price a plan cannot follow, a million refusals,
/// an aisle order that repeats itself.
extension HostileSegmentTests {
    /// Two devices each name a thing alike at the longest length a name has: the repair numbers
    /// one `NAME (2)`, cut so that it is still a name, and the household goes on syncing.
    @Test func namesOfTheLongestLengthMadeAlikeOnTwoDevicesStillMerge() async throws {
        let home = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        let long = String(repeating: "C", count: Name.maximumLength)
        for device in ["laptop", "phone"] {
            let u = home.useCases(device)
            _ = try await u.createCart(name: long)
            _ = try await u.addItem(name: long, category: "Dairy")
            _ = try await u.addStore(name: long)
            _ = try await u.addCategory(name: long)
        }
        for device in ["laptop", "phone", "laptop"] { _ = try await home.sync(device).exchange() }
        let laptop = try await home.backup("laptop"), phone = try await home.backup("phone")
        let numbered = String(repeating: "C", count: Name.maximumLength - 4) + " (2)"
        #expect(Set(laptop.activeCarts.map(\.name)) == [long, numbered])
        #expect(Set(laptop.items.map(\.name)).isSuperset(of: [long, numbered]))
        #expect(Set(laptop.stores.map(\.name)).isSuperset(of: [long, numbered]))
        #expect(Set(laptop.categories.map(\.name)).isSuperset(of: [long, numbered]))
        #expect(laptop.items == phone.items && laptop.activeCarts == phone.activeCarts)
        #expect(laptop.stores == phone.stores && laptop.categories == phone.categories)
        #expect(Materializer.numbered("Tea   " + String(repeating: "x", count: 97), 2) == "Tea   " + String(repeating: "x",
            count: 90) + " (2)")
        #expect(Materializer.numbered(String(repeating: "a", count: 94) + "      b", 10) == String(repeating: "a", count: 94) + " (10)")
    }

    /// Thousands of items of one name (a forged segment) are numbered each once, in a merge that
    /// takes as long as the items (it counted up from 2 for each, and looked each name up in
    /// the vault: 16,000 took 116 s, holding the lock).
    @Test func thousandsOfOneNameAreNumberedOnce() async throws {
        let home = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        let dairy = try #require(try await home.backup("phone").categories.first { $0.name == "Dairy" })
        let count = 3000
        try home.forge("evil", try (0..<count).map { number in
            let id = String(format: "x%05d", number)
            let item = Item(id: ItemID(id), name: "X", categoryID: dairy.id)
            let payload = try #require(try SyncParts.part(SyncKey(.item, id), of: item).payload)
            return "item/\(id)\t\(home.stamp("evil", Int64(number / 1000), counter: number % 1000))\t0\t-\t\(payload)"
        })
        let report = try await home.sync("phone").exchange()
        #expect(report.quarantined.isEmpty, "\(report)")
        let names = try await home.backup("phone").items.map(\.name).filter { $0.hasPrefix("X") }
        #expect(names.count == count && Set(names).count == count)
        #expect(Set(names) == Set(["X"] + (2...count).map { "X (\($0))" }))
    }

    /// A price each device takes alone, which a cart being planned cannot follow and still be
    /// counted: that cart keeps its plan, named, and the household goes on (the merge failed
    /// with "cart "Evil" would cost more than Grock can add up; split it into smaller carts").
    @Test func aPriceAPlanCannotFollowLeavesThatPlanAsItWas() async throws {
        let home = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        let before = try await home.backup("phone")
        let milkItem = try milkID(before), aldi = try aldiID(before)
        let line = CartItem(itemID: ItemID(milkItem), name: "Milk", categoryName: "Dairy", quantity: .maximum, unit: .kg,
                            plannedStore: StoreID(aldi))
        let evil = Cart(id: CartID("c-evil"), name: "Evil", budget: nil, currency: before.settings.currency, status: .planning,
                        createdAt: Timestamp(clamping: 1_790_000_000), startedAt: nil, completedAt: nil, lines: [line])
        var lines = try SyncParts.parts(of: evil).sorted { $0.key < $1.key }.enumerated().map { number, part in
            "\(part.key)\t\(home.stamp("evil", counter: number))\t0\t-\t\(part.value.payload ?? "")"
        }
        // 1,000,000.00 a milligram.
        let price = try pricePayload(before, 100_000_000).replacingOccurrences(of: "\"unit\":\"each\"", with: "\"unit\":\"pack:0.001g\"")
        #expect(price.contains("pack:0.001g"), "\(price)")
        lines.append("price/\(milkItem)/\(aldi)\t\(home.stamp("evil", counter: 9))\t0\ts1790000000\t\(price)")
        try home.forge("evil", lines)
        let report = try await home.sync("phone").exchange()
        let refusal = "evil/00000000.seg: price/\(milkItem)/\(aldi): cart \"Evil\" keeps its plan, "
            + "as following this price it would cost more than Grock can count"
        #expect(report.quarantined == [refusal], "\(report)")
        let phone = try await home.backup("phone")
        #expect(phone.activeCarts.first { $0.name == "Evil" }?.lines == [line])
        #expect(try milk(phone).prices.first?.basis.description == "pack of 0.001 g")
        _ = try await home.useCases("phone").addItem(name: "Tea", category: "Dairy")
        _ = try await home.sync("phone").exchange()
        #expect(try await home.sync("laptop").exchange().quarantined == [refusal])
        #expect(try await home.backup("laptop").items.contains { $0.name == "Tea" })
    }

    /// A repair replaces a version merged from a device whose clock runs ahead (its stamp later
    /// than this device's clock, its counter above 0): it is stamped after it, counter too, so
    /// the others take it (it was stamped at that millisecond with counter 0, and every other
    /// device refused it for good, each keeping a different winner).
    @Test func aRepairIsStampedAfterWhatItReplacesFromAClockAhead() async throws {
        let home = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        let dairy = try #require(try await home.backup("phone").categories.first { $0.name == "Dairy" }).id.rawValue
        // Deleted by a device a minute ahead, at its fifth change of that millisecond; Milk is in it.
        try home.forge("ahead", ["category/\(dairy)\t\(home.stamp("ahead", 60, counter: 5))\t0\t-\t-"])
        #expect(try await home.sync("phone").exchange().quarantined.isEmpty)
        #expect(try await home.backup("phone").categories.contains { $0.id.rawValue == dairy })
        // Each tells the others the category is kept; each takes the other's word.
        for device in ["laptop", "phone", "laptop"] {
            let report = try await home.sync(device).exchange()
            #expect(report.quarantined.isEmpty, "\(device): \(report)")
        }
        #expect(try await home.backup("laptop").categories == home.backup("phone").categories)
    }

    /// A change made here after merging one from a clock ahead comes after it, even when
    /// `sync/clock` is damaged: the clock is then the newest index's (it was taken as zero, and
    /// the change, stamped before the merged one, lost to it on every device).
    @Test func aChangeAfterAMergeComesAfterItThoughTheClockFileIsDamaged() async throws {
        let home = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        let before = try await home.backup("phone")
        let aldi = try aldiID(before)
        let renamed = try storePayload(before, id: aldi, name: "Aldi Süd")
        try home.forge("ahead", ["store/\(aldi)\t\(home.stamp("ahead", 60, counter: 5))\t0\t-\t\(renamed)"])
        _ = try await home.sync("phone").exchange()
        #expect(try await home.backup("phone").stores.contains { $0.name == "Aldi Süd" })
        try Data("damaged\n".utf8).write(to: URL(fileURLWithPath: home.data("phone") + "/sync/clock"))
        _ = try await home.useCases("phone").renameStore("Aldi Süd", to: "Aldi Nord")
        _ = try await home.sync("phone").exchange()
        _ = try await home.sync("laptop").exchange()
        #expect(try await home.backup("phone").stores.contains { $0.name == "Aldi Nord" })
        #expect(try await home.backup("laptop").stores.contains { $0.name == "Aldi Nord" })
    }

    /// A device whose clock once read days ahead stamps every later change as far ahead (a
    /// hybrid clock never goes back), and the others wait for them: its own exchanges say so
    /// (they said "1 change sent", and nothing else).
    @Test func aDeviceWhoseClockRanAheadIsToldOnEachExchange() async throws {
        let home = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        home.clock.advance(days: 3)
        _ = try await home.useCases("phone").addItem(name: "Tea", category: "Dairy")
        home.clock.advance(days: -3)
        _ = try await home.useCases("phone").addItem(name: "Rice", category: "Dairy")
        let report = try await home.sync("phone").exchange()
        #expect(report.stampedAhead == home.clock.now().secondsSince1970 * 1000 + 3 * 86_400_000, "\(report)")
        #expect(try await home.sync("laptop").exchange().waiting.contains { $0.contains("it holds a change dated") })
    }

    /// A forged settings change to a currency of other decimals (EUR to JPY) would read every
    /// amount of the household a hundred times over, on every device, for good (24th review):
    /// refused alone. One of the same decimals (CHF) is a change like any other. A device that
    /// syncs cannot make such a change itself, holding amounts or not: the others may hold some.
    @Test func aCurrencyOfOtherDecimalsIsRefusedAtTheBoundaryAndOnADeviceThatSyncs() async throws {
        let home = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        let yen = try SyncParts.json(SettingsRecord(currency: "JPY", isSetUp: true))
        let francs = try SyncParts.json(SettingsRecord(currency: "CHF", isSetUp: true))
        try home.forge("evil", ["settings\t\(home.stamp("evil", counter: 1))\t0\t-\t\(yen)"])
        let report = try await home.sync("phone").exchange()
        #expect(report.quarantined == ["evil/00000000.seg: settings: its currency JPY has other decimals than the household's EUR"],
                "\(report)")
        #expect(try await home.backup("phone").settings.currency.code == "EUR")
        #expect(try await milk(home.backup("phone")).prices[0].regular?.price.amountText == "1.19")
        try home.forge("evil", number: 1, after: [:], ["settings\t\(home.stamp("evil", 1))\t0\t-\t\(francs)"])
        _ = try await home.sync("phone").exchange()
        #expect(try await home.backup("phone").settings.currency.code == "CHF")
        await #expect(throws: DomainError.currencyDigitsDiffer(from: "CHF", to: "KWD")) {
            try await home.useCases("phone").changeCurrency(try Currency(code: "KWD"))
        }
        #expect(try await home.backup("phone").settings.currency.code == "CHF")
    }

    /// A segment forged to come after a segment the phone never wrote: merged by the phone, the
    /// phone's next segment would come after it, and the laptop would wait for each behind the
    /// other, never getting the phone's changes (27th review). The phone leaves it unmerged, as
    /// damaged, and its changes reach the laptop.
    @Test func aSegmentAfterOneThisDeviceNeverWroteIsNotMergedHere() async throws {
        let home = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        let phone = try LocalSyncState(directory: home.data("phone")).setup().device
        let before = try await home.backup("phone")
        let store = try storePayload(before, id: "s-evil", name: "Evil")
        try home.forge("evil", after: [phone: 99_999_999], ["store/s-evil\t\(home.stamp("evil"))\t0\t-\t\(store)"])
        let report = try await home.sync("phone").exchange()
        #expect(report.damaged.contains { $0.hasPrefix("evil/00000000.seg: it says it comes after segment 99999999 of this device") },
                "\(report)")
        _ = try await home.useCases("phone").addItem(name: "Tea", category: "Dairy")
        _ = try await home.sync("phone").exchange()
        _ = try await home.sync("laptop").exchange()
        #expect(try await home.backup("laptop").items.contains { $0.name == "Tea" })
        #expect(try await home.backup("phone").stores.contains { $0.name == "Evil" } == false)
    }

    /// A million refusals in one segment are told as the first two hundred and a count, and the
    /// index keeps the last two hundred: what is held does not grow with the segment.
    @Test func manyRefusalsAreToldAsAFewAndACount() async throws {
        let home = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        try home.forge("evil", (0..<1000).map { "settings\t\(home.stamp("evil", counter: $0))\t0\t-\t-" })
        let report = try await home.sync("phone").exchange()
        #expect(report.quarantined.count == 201)
        #expect(report.quarantined.first == "evil/00000000.seg: settings: it deletes the settings")
        #expect(report.quarantined.last == "and 800 more changes refused, not listed")
        #expect(try await home.sync("phone").status().quarantined.count == SyncIndex.quarantineKept)
        // A segment after one the folder lacks: `sync status` says what it waits for, as the
        // exchange does (it said nothing).
        try home.forge("gap", number: 1, ["settings\t\(home.stamp("gap"))\t0\t-\t-"])
        let waiting = "gap/00000000.seg is not in the folder yet; gap's later segments wait for it"
        #expect(try await home.sync("phone").exchange().waiting == [waiting])
        #expect(try await home.sync("phone").status().waiting == [waiting])
    }

    /// An aisle order that lists a category twice is none `store aisles` makes: refused alone.
    @Test func anAisleOrderListingACategoryTwiceIsRefused() async throws {
        let home = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        let before = try await home.backup("phone")
        let dairy = try #require(before.categories.first { $0.name == "Dairy" }).id.rawValue
        let aldi = try #require(before.stores.first { $0.name == "Aldi" })
        let twice = try SyncParts.json(StoreRecord(id: "s-twice", name: "Twice", createdAt: StoreRecord(aldi).createdAt,
                                                    aisleOrder: Array(repeating: dairy, count: 2), removed: false))
        try home.forge("evil", ["store/s-twice\t\(home.stamp("evil"))\t0\t-\t\(twice)"])
        let report = try await home.sync("phone").exchange()
        #expect(report.quarantined == ["evil/00000000.seg: store/s-twice: its aisle order lists a category twice"], "\(report)")
    }

    /// Two exchanges that failed after writing their segments (killed, or refused at the commit)
    /// are taken over by the next, as one was: this device keeps its id, and what it wrote is
    /// sent again (the second used to be taken for a copy of the data directory).
    @Test func twoFailedExchangesAreTakenOverNotTakenForACopy() async throws {
        let home = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        let local = LocalSyncState(directory: home.data("phone"))
        let device = try local.setup().device
        _ = try await home.useCases("phone").addItem(name: "Tea", category: "Dairy")
        let kept = home.root + "/phone-kept"
        try FileManager.default.copyItem(atPath: home.data("phone"), toPath: kept)
        let first = (try HouseholdFolder(path: home.folder).segments(of: device).last ?? -1) + 1
        for number in [first, first + 1] {
            _ = try await home.sync("phone").exchange()
            #expect(try HouseholdFolder(path: home.folder).segments(of: device).last == number)
            // As if it had failed before its commit: the data directory as it was, the segment
            // in the folder, `sending` naming it.
            try FileManager.default.removeItem(atPath: home.data("phone"))
            try FileManager.default.copyItem(atPath: kept, toPath: home.data("phone"))
            try local.writeSending(number)
        }
        let report = try await home.sync("phone").exchange()
        #expect(report.formerDevice == nil, "\(report)")
        #expect(try local.setup().device == device)
        _ = try await home.sync("laptop").exchange()
        #expect(try await home.backup("laptop").items.contains { $0.name == "Tea" })
    }
}
