import Adapters
import Testing

/// What `Machine` tells of where Grock runs, checked against what a program run there tells.
@Suite struct MachineTests {
    /// The output of `command` (a shell command) less its last newline.
    func said(_ command: String) throws -> String {
        let outcome = try ProcessRunner.run("/bin/sh", ["-c", command], timeout: 10_000)
        return String(decoding: outcome.output, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
    }

    /// `grock sync init` names the device after the host: the name `uname -n` gives.
    @Test func theHostNameIsTheMachines() throws {
        #expect(Machine.hostName() == (try said("uname -n")))
    }

    /// A relative `sync init`/`join` folder is taken from where Grock was started; an absolute
    /// one is kept as it is.
    @Test func aRelativePathIsResolvedInTheCurrentDirectory() throws {
        let directory = try said("pwd -P")
        #expect(Machine.absolutePath("household/grock") == directory + "/household/grock")
        #expect(Machine.absolutePath("/srv/household") == "/srv/household")
    }
}
