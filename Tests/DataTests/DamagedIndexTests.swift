@testable import DataLayer
import Domain
import Foundation
import TestSupport
import Testing

/// This device's own sync index (`sync/index-N.tsv`) is a file in the data folder: damaged or
/// edited by hand, it is refused, naming it, never trusted into an overflow or into changes
/// taken as sent (25th review: `published` at Int64's largest crashed `grock sync`, and a
/// `published` past the outbox left every new change unsent, silently). A line of one device
/// names it by an id Grock writes.
@Suite struct DamagedIndexTests {
    @Test(arguments: [
        ("published", "9223372036854775807", "no outbox number"),
        ("published", "42", "it says changes up to 42 were sent"),
        ("sent", "9223372036854775807", "no segment number"),
        ("applied", "phone\t9223372036854775807", "a bad applied line"),
        ("gone", "../phone\t3", "a bad gone line"),
        ("withdrawn", "a phone\t0tablet\t5", "a bad withdrawn line"),
    ])
    func aNumberNoIndexHoldsIsRefusedNamingTheFile(field: String, value: String, reason: String) async throws {
        let home = try await HostileSegmentTests.Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        _ = try await home.useCases("laptop").addStore(name: "Netto")
        let local = LocalSyncState(directory: home.data("laptop"))
        let path = try #require(FileManager.default.contentsOfDirectory(atPath: local.syncDirectory).first { $0.hasPrefix("index-") })
        let file = local.syncDirectory + "/" + path
        var lines = try String(contentsOfFile: file, encoding: .utf8).components(separatedBy: "\n")
        if let at = lines.firstIndex(where: { $0.hasPrefix(field + "\t") }) {
            lines[at] = field + "\t" + value
        } else {
            lines.insert(field + "\t" + value, at: try #require(lines.firstIndex { $0.hasPrefix("sent\t") }) + 1)
        }
        try lines.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
        await #expect { try await home.sync("laptop").exchange() } throws: { error in
            "\(error)".hasPrefix(file + " is damaged: ") && "\(error)".contains(reason)
        }
    }
}
