import Foundation
import Testing

/// Hints quote names for the shell, and output that cannot be written is a warning after a saved change.
@Suite(.serialized) struct HintAndPipeTests {
    /// A command shown to be copied quotes a name for the shell, so pasting it never runs code.
    @Test func hintsQuoteNamesForTheShell() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.ok("init")
        let shown = try grock.ok("cart new $(touch|pwned)")
        #expect(shown.contains("grock cart add '$(touch pwned)' ITEM"))
        try grock.ok("cart new it's")
        #expect(try grock.ok("cart show it's").contains("grock cart add 'it'\\''s' ITEM"))
    }

    /// A saved change whose output meets a closed pipe still exits 0, with a warning; a
    /// command that only shows something fails with exit 3.
    @Test func aClosedPipeIsAnOutputThatCannotBeWritten() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        let (stdout, stderr) = try bash(
            "\"$0\" --data-dir \"$1\" item add Foo --category Dairy | (exec 0<&-; sleep 0.5); echo \"status ${PIPESTATUS[0]}\"", grock)
        #expect(stdout == "status 0\n", "\(stderr)")
        #expect(stderr.contains("warning: the change was saved") && stderr.contains("Broken pipe"))
        #expect(try grock.ok("item show Foo").contains("Foo"))
    }
}

@Suite(.serialized) struct SecondRoundCommandTests {
    /// A hint for a name that starts with `-` puts `--` first; a long one is never broken
    /// inside its quotes when it fits a line.
    @Test func hintsWorkForNamesThatLookLikeOptions() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.ok("init")
        let shown = try grock.run(arguments: ["cart", "new", "--", "--y"])
        #expect(shown.stdout.contains("grock cart add -- --y ITEM"))
        let long = try grock.run(arguments: ["cart", "new", "$(touch /tmp/x/PWNED) again"])
        #expect(long.stdout.contains("grock cart add '$(touch /tmp/x/PWNED) again' ITEM"))
    }

    @Test func aSavedChangesWarningIsJSONWithJSON() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        let (stdout, stderr) = try bash("\"$0\" --json --data-dir \"$1\" item add Foo --category Dairy > /dev/full; echo \"status $?\"",
            grock)
        #expect(stdout == "status 0\n")
        #expect(stderr.hasPrefix("{\"warning\":{\"message\":\"the change was saved, but the command could not finish: "), "\(stderr)")
    }
}
