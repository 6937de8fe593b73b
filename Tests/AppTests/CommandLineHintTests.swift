import Foundation
import Testing

@Suite(.serialized) struct CommandLineHintTests {
    /// The command line adds its own options to a rule's sentence.
    @Test func aRestoreIntoDataSaysWhereToRestoreInstead() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        try grock.ok("export --format json --output \(grock.home.path)/backup.json")
        let again = try grock.run("import \(grock.home.path)/backup.json")
        #expect(again.status == 1)
        #expect(again.stderr
            == "grock: this data directory already has data; restore a backup into an empty one (a new --data-dir, or after grock reset "
            + "--yes)\n")
    }
}
