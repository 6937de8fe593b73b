@testable import DataLayer
import Domain
import Foundation
import TestSupport
import Testing

/// A backup is typed input too: every value goes through the rules a person's typing does, and
/// the first that breaks one is refused with its path in the document.
@Suite struct BackupCheckTests {
    typealias Document = BackupCodec.Document

    /// (what is wrong, the damage, returning the path it should be reported at, what the message says)
    static let cases: [(String, @Sendable (inout Document) -> String, String)] = [
        ("negative vault price",
            { d in let i = d.index(item: "Milk"); d.items[i].prices[0].regular!.price = -5; return "items[\(i)].prices[0].regular.price" },
            "-5 is below zero"),
        ("empty item name", { d in let i = d.index(item: "Milk"); d.items[i].name = ""; return "items[\(i)].name" },
            "cannot be an item name: it is empty"),
        ("5,000-character name",
            { d in let i = d.index(item: "Milk"); d.items[i].name = String(repeating: "x", count: 5_000); return "items[\(i)].name" },
         "it is longer than 100 characters"),
        ("control character", { d in let i = d.index(item: "Milk"); d.items[i].name = "Mi\u{7}lk"; return "items[\(i)].name" },
         "\"Mi\\u{7}lk\" cannot be an item name: it contains control characters"),
        ("a direction override", { d in let i = d.index(item: "Milk"); d.items[i].name = "Mi\u{202E}lk"; return "items[\(i)].name" },
         "\"Mi\\u{202e}lk\" cannot be an item name: it contains \\u{202e}, a direction control"),
        ("one letter under 400 accents",
            { d in d.completedCarts[0].name = "a" + String(repeating: "\u{301}", count: 400); return "completedCarts[0].name" },
         "it is longer than 400 bytes of UTF-8"),
        ("spaces around", { d in let i = d.index(item: "Milk"); d.items[i].name = " Milk"; return "items[\(i)].name" },
            "has spaces around it"),
        ("Milk and MILK", { d in let i = d.index(item: "Bread"); d.items[i].name = "MILK"; return "items[\(i)].name" },
         "is also the name of items[{Milk}]; item names are unique in any case and accents"),
        ("two stores of one name",
            { d in let i = d.stores.firstIndex { $0.name == "Lidl" }!; d.stores[i].name = "ALDI"; return "stores[\(i)].name" },
         "store names are unique"),
        ("two categories of one name", { d in d.categories[1].name = d.categories[0].name.lowercased(); return "categories[1].name" },
         "category names are unique"),
        ("a category's order past any Grock gives", { d in d.categories[1].sortOrder = .max; return "categories[1].sortOrder" },
         "\(Int.max) is outside 0...1000000000"),
        ("a category's order below 0", { d in d.categories[0].sortOrder = -1; return "categories[0].sortOrder" },
            "-1 is outside 0...1000000000"),
        ("unknown category", { d in let i = d.index(item: "Milk"); d.items[i].categoryId = "nowhere"; return "items[\(i)].categoryId" },
         "no category in the backup has the id \"nowhere\""),
        ("id with a space", { d in d.stores[0].id = "a b"; return "stores[0].id" }, "\"a b\" is not an id Grock writes"),
        ("empty trip name", { d in d.completedCarts[0].name = ""; return "completedCarts[0].name" }, "cannot be a cart name: it is empty"),
        ("control character in history", { d in d.completedCarts[0].lines[0].name = "a\u{1}b"; return "completedCarts[0].lines[0].name" },
         "it contains control characters"),
        ("negative price paid", { d in d.completedCarts[0].lines[0].actualPrice = -100; return "completedCarts[0].lines[0].actualPrice" },
            "-100 is below zero"),
        ("zero quantity", { d in d.completedCarts[0].lines[0].quantity = "0"; return "completedCarts[0].lines[0].quantity" },
            "\"0\" is not a valid quantity"),
        ("unknown unit", { d in d.completedCarts[0].lines[0].unit = "bushel"; return "completedCarts[0].lines[0].unit" },
            "\"bushel\" is not a unit"),
        ("a line's cost overflows", { d in d.completedCarts[0].lines[0].actualPrice = .max; d.completedCarts[0].lines[0].quantity = "2"
            return "completedCarts[0].lines[0]" }, "its quantity times its price is more than Grock can count"),
        ("a trip's total overflows (Milk and Gum bought, Bread not)",
            { d in d.completedCarts[0].lines[0].actualPrice = .max; return "completedCarts[0].lines[2]" }, "the cart's total is too large"),
        ("a completed cart that is not", { d in d.completedCarts[0].status = "planning"; return "completedCarts[0].status" },
            "is not completed"),
        ("negative price seen", { d in d.observations[0].price = -1; return "observations[0].price" }, "-1 is below zero"),
        ("negative budget", { d in d.carts[0].budget = -1; return "carts[0].budget" }, "-1 is below zero"),
        ("a line at no store", { d in d.carts[0].lines[0].plannedStoreId = "nowhere"; return "carts[0].lines[0].plannedStoreId" },
         "no store in the backup has the id \"nowhere\""),
        ("one item on two lines",
            { d in d.carts[0].lines.append(d.carts[0].lines[0]); return "carts[0].lines[\(d.carts[0].lines.count - 1)].itemId" },
         "a cart has one line per item"),
        ("unknown currency", { d in d.settings.currency = "XXX"; return "settings.currency" }, "\"XXX\" is not a currency Grock knows"),
    ]

    @Test(arguments: 0..<cases.count)
    func aBackupIsCheckedLikeTypedInputAndTheValueNamedByItsPath(index: Int) async throws {
        let (name, damage, template) = Self.cases[index]
        var document = try await Document.sample()
        let message = template.replacingOccurrences(of: "{Milk}", with: "\(document.index(item: "Milk"))")
        let path = damage(&document)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            _ = try BackupCodec.decode(Array(try encoder.encode(document)))
            Issue.record("\(name): restored")
        } catch let failure as BackupCodec.Failure {
            #expect(failure.description.hasPrefix(path + ": "), "\(name): \(failure)")
            #expect(failure.description.contains(message), "\(name): \(failure)")
            #expect(failure.description.hasSuffix("; nothing was restored"), "\(name): \(failure)")
            #expect(!failure.description.unicodeScalars.contains { $0.properties.generalCategory == .control }, "\(name): \(failure)")
        }
    }

    @Test func theSampleItselfRestores() async throws {
        let encoder = JSONEncoder()
        let backup = try BackupCodec.decode(Array(try encoder.encode(try await Document.sample())))
        #expect(backup.completedCarts.count == 1 && backup.completedCarts[0].lines.map(\.isFulfilled) == [true, false, true])
        #expect(backup.activeCarts.count == 1 && !backup.observations.isEmpty)
    }
}

extension BackupCodec.Document {
    /// A backup of the stocked world with a finished trip (Milk and an impulse buy), prices
    /// seen by hand and a cart being planned.
    static func sample() async throws -> BackupCodec.Document {
        let u = try await TestWorld.stocked(storage: InMemoryStorage()).useCases
        _ = try await u.createCart(name: "Weekly", budget: "20", items: ["Milk", "Bread"])
        _ = try await u.startTrip("Weekly")
        _ = try await u.logPurchase(cart: "Weekly", item: "Milk")
        _ = try await u.addImpulseItem(cart: "Weekly", name: "Gum", price: "0.99")
        _ = try await u.finishTrip("Weekly")
        _ = try await u.createCart(name: "Next", budget: "10", items: ["Bananas", "Bread"])
        return try JSONDecoder().decode(BackupCodec.Document.self, from: Data(try BackupCodec.encode(try await u.createBackup())))
    }

    func index(item name: String) -> Int { items.firstIndex { $0.name == name }! }
}
