@testable import DataLayer
import Domain
import Foundation
import TestSupport
import Testing

@Suite struct VaultIndexTests {
    static let lines = "I\ta1\tc1\teach\tMilk\n$\ts1\teach\t109\t2026-03-02T10:00:00+01:00\t\t\t\n"
        + "I\ta2\tc1\tfurlong\tRope\n$\ts1\teach\t99\t2026-03-02T10:00:00+01:00\t\t\t\n"

    /// With a matching checksum only the item lines are looked at; a damaged line is still
    /// found when its item is read, and named by its line number.
    @Test func aTrustedFileIsCheckedWhenRead() throws {
        let index = try VaultIndex(VaultCodec.file(lines: Array(Self.lines.utf8)), path: "vault")
        #expect(index.stores == nil)
        #expect(try index.item(ItemID("a1"), currency: .euro)?.prices.first?.regular?.price.minorUnits == 109)
        #expect(try index.names(withKey: "milk").map(\.id) == [ItemID("a1")])
        #expect(throws: StorageError.unreadable(path: "vault", reason: "line 4: \"furlong\" is not a unit")) {
            try index.item(ItemID("a2"), currency: .euro)
        }
        #expect(throws: StorageError.unreadable(path: "vault", reason: "line 4: \"furlong\" is not a unit")) { try index.names() }
    }

    /// A rewrite copies the unchanged items and writes changed, new and deleted ones where
    /// they belong: the same bytes as encoding the resulting vault whole, and an index that
    /// answers as one read from those bytes does.
    @Test func aRewriteEqualsEncodingTheResult() throws {
        func item(_ id: String, _ name: String, _ category: String = "c1") -> Item {
            Item(id: ItemID(id), name: name, categoryID: CategoryID(category), unit: .each)
        }
        let original = [item("a1", "One", "a-category-id-over-16-bytes"), item("a3", "Three"), item("a5", "Five", "c2"),
            item("a7", "Seven", "c3")]
        let index = try VaultIndex(VaultCodec.encode(original), path: "vault")
        let changed = [item("a0", "Zero", "c4"), item("a3", "Three again"), item("a4", "Four"), item("a9", "Nine"), item("a5", "Five")]
        let rewritten = index.rewritten(changed: Dictionary(uniqueKeysWithValues: changed.map { ($0.id, $0) }),
            deleted: [ItemID("a5"), ItemID("a7")],
                                        path: "vault-2")
        let expected = [item("a0", "Zero", "c4"), item("a1", "One", "a-category-id-over-16-bytes"), item("a3", "Three again"),
            item("a4", "Four"),
                        item("a9", "Nine")]
        #expect(rewritten.bytes == VaultCodec.encode(expected))
        #expect(index.rewritten(changed: [:], deleted: [], path: "vault-2").bytes == VaultCodec.encode(original))

        let read = try VaultIndex(rewritten.bytes, path: "vault-2")
        #expect(try rewritten.names() == read.names())
        #expect(rewritten.categories == read.categories && rewritten.categories == ["a-category-id-over-16-bytes", "c1", "c4"])
        #expect(index.categories == ["a-category-id-over-16-bytes", "c1", "c2", "c3"])
        #expect(rewritten.count == 5 && rewritten.path == "vault-2")
        for item in expected { #expect(try rewritten.item(item.id, currency: .euro) == item) }
        #expect(try rewritten.item(ItemID("a5"), currency: .euro) == nil)
    }

    @Test func aFileWhoseChecksumDoesNotMatchIsRefused() throws {
        var bytes = VaultCodec.file(lines: Array(Self.lines.utf8))
        bytes[20] ^= 1  // a changed byte in the checksum
        #expect { try VaultIndex(bytes, path: "vault") } throws: {
            "\($0)".contains("vault: it was changed or damaged since Grock wrote it") }
        #expect { try VaultCodec.decode(bytes, currency: .euro, path: "vault") } throws: { "\($0)".contains("its checksum does not match") }
    }

    /// A name stored before names were bounded in bytes and refused direction controls still
    /// reads, trusted or checked whole: an upgrade never locks a person out of their vault.
    @Test func aNameStoredBeforeTheNewerRulesStillReads() throws {
        let heavy = "a" + String(repeating: "\u{301}", count: 400)
        let lines = "I\ta1\tc1\teach\tMi\u{202E}lk\n$\ts1\teach\t109\t2026-03-02T10:00:00+01:00\t\t\t\nI\ta2\tc1\teach\t\(heavy)\n"
        for bytes in [VaultCodec.file(lines: Array(lines.utf8)), Array((VaultCodec.header + "\t\n" + lines).utf8)] {
            let index = try VaultIndex(bytes, path: "vault")
            #expect(try index.item(ItemID("a1"), currency: .euro)?.name == "Mi\u{202E}lk")
            #expect(try index.item(ItemID("a2"), currency: .euro)?.name == heavy)
        }
    }

    @Test func aFileWithItsChecksumEmptiedIsCheckedWhole() throws {
        let bytes = Array((VaultCodec.header + "\t\n" + Self.lines).utf8)
        #expect(throws: StorageError.unreadable(path: "vault", reason: "line 4: \"furlong\" is not a unit")) {
            try VaultIndex(bytes, path: "vault")
        }
    }
}
