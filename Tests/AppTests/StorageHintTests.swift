import Foundation
import Testing

@Suite(.serialized) struct StorageHintTests {
    /// A file that cannot be read: the storage says so; the command line adds where to look.
    @Test func anUnreadableFileSendsThePersonToDoctor() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        try "grock-state\t7\t0000000000000000\nnonsense\n".write(toFile: grock.dataDirectory + "/state.tsv", atomically: false,
            encoding: .utf8)
        let result = try grock.run("cart list")
        #expect(result.status == 3)
        #expect(result.stderr.hasSuffix("; nothing was changed (see grock doctor)\n"), "\(result.stderr)")
        let rpc = try grock.run("rpc", input: #"{"jsonrpc":"2.0","id":1,"method":"home"}"# + "\n")
        #expect(rpc.stdout.contains(#""kind":"storage""#) && !rpc.stdout.contains("grock doctor"),
            "a front gets the storage's sentence alone")
    }
}
