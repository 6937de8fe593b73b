@testable import Adapters
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TestSupport
import Testing

/// How `ProcessRunner` ends a program that does not end: killed on its deadline and reported,
/// never waited for.
@Suite struct ProcessRunnerTests {
    /// Runs the shell script `text` (from a file, which /bin/sh reads: executing a file just
    /// written can fail with ETXTBSY while another test's child holds it open).
    func run(_ text: String, removing: (String) -> Bool = { _ in false }, addedEnvironment: [String] = [],
             timeout: Int) throws(ProcessRunner.Failure) -> ProcessRunner.Outcome {
        let directory: TemporaryDirectory
        do {
            directory = try TemporaryDirectory()
            try text.write(toFile: directory.path + "/script", atomically: true, encoding: .utf8)
        } catch { throw .notStarted("\(error)") }
        defer { directory.remove() }
        return try ProcessRunner.run("/bin/sh", [directory.path + "/script"], removing: removing, addedEnvironment: addedEnvironment,
            timeout: timeout)
    }

    /// Review of the adapters: the wait after the outputs' end had no limit, so a program that
    /// closed them and hung hung Grock too. It is killed on the same deadline.
    @Test func aProgramThatClosesItsOutputsAndHangsIsKilledOnTime() throws {
        let start = Date()
        #expect(throws: ProcessRunner.Failure.timedOut) { try run("echo said\nexec >&- 2>&-\nexec sleep 30\n", timeout: 300) }
        #expect(Date().timeIntervalSince(start) < 10)
    }

    /// A program that ends in time is waited for and heard out, its exit code kept.
    @Test func aProgramThatEndsInTimeIsHeardOut() throws {
        let outcome = try run("echo said\necho warned >&2\nexec >&- 2>&-\nsleep 0.2\nexit 3\n", timeout: 10_000)
        #expect(outcome.exitCode == 3 && outcome.output == Array("said\n".utf8) && outcome.errors == Array("warned\n".utf8))
    }

    /// Eleventh review: a timeout killed the program but not what it started (git's
    /// `git-remote-*`, ssh, hooks). Its descendants are killed with it.
    @Test func whatATimedOutProgramStartedIsKilledWithIt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let pidFile = directory.path + "/child"
        #expect(throws: ProcessRunner.Failure.timedOut) { try run("sleep 60 &\necho $! > '\(pidFile)'\nwait\n", timeout: 1_000) }
        let child = try #require(pid_t(String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(Self.ends(child), "sleep \(child) lives on")
    }

    /// The program stays in Grock's process group and session, as a command a shell runs: the
    /// terminal's Ctrl-C reaches it with Grock, and a prompt at the terminal (ssh's passphrase)
    /// still works. (A session of its own would have taken the terminal from it.)
    @Test func aProgramStaysInGrocksGroupAndSession() throws {
        #if os(Linux)
        // /proc/PID/stat: "PID (NAME) STATE PPID PGRP SESSION TTY ...".
        let outcome = try run("exec cat /proc/self/stat\n", timeout: 10_000)
        let fields = String(decoding: outcome.output, as: UTF8.self).split(separator: ")").last?.split(separator: " ") ?? []
        #expect(fields.count > 4 && fields[2] == "\(getpgrp())" && fields[3] == "\(getsid(0))", "\(fields)")
        #endif
    }

    /// Eleventh review: a descriptor another thread made and had not marked close-on-exec yet
    /// (or never marks) reached the program. It gets its standard three and nothing else.
    @Test func aProgramInheritsNoDescriptorButItsStandardThree() throws {
        #if os(Linux)
        let opened = open("/dev/null", O_RDONLY)
        let inheritable = fcntl(opened, F_DUPFD, 100)   // without FD_CLOEXEC; above what ls opens
        close(opened)
        defer { close(inheritable) }
        #expect(inheritable >= 100 && fcntl(inheritable, F_GETFD) & FD_CLOEXEC == 0)
        let outcome = try run("exec ls /proc/self/fd\n", timeout: 10_000)
        let open = String(decoding: outcome.output, as: UTF8.self).split(separator: "\n")
        #expect(!open.contains(Substring(String(inheritable))) && open.count <= 4, "\(open)")
        #endif
    }

    /// Whether the process `pid` ends (or is left a zombie: nobody here reaps what was another's)
    /// within ten seconds.
    static func ends(_ pid: pid_t) -> Bool {
        for _ in 0..<1_000 {
            let state = (try? String(contentsOfFile: "/proc/\(pid)/stat",
                encoding: .utf8))?.split(separator: ")").last?.split(separator: " ").first
            if kill(pid, 0) != 0 || state == "Z" { return true }
            usleep(10_000)
        }
        return false
    }

    /// The variables `removing` names are kept from the program; the others reach it.
    @Test func removedVariablesDoNotReachTheProgram() throws {
        let outcome = try run("env -0\n", removing: { $0 == "PATH" }, addedEnvironment: ["GROCK_ADDED=1"], timeout: 10_000)
        let names = String(decoding: outcome.output, as: UTF8.self).split(separator: "\0").map { $0.prefix { $0 != "=" } }
        let kept = ProcessInfo.processInfo.environment.keys.filter { $0 != "PATH" }
        #expect(!names.contains("PATH") && names.contains("GROCK_ADDED") && kept.allSatisfy { names.contains(Substring($0)) })
    }

    /// Review of the adapters: Grock ignores SIGPIPE, and a program inherited that, so a git
    /// or tesseract writing to a reader gone went on. Every signal starts at its default.
    @Test func aProgramStartsWithEverySignalAtItsDefault() throws {
        #if os(Linux)
        signal(SIGPIPE, SIG_IGN)   // as App/grock/main.swift does
        let outcome = try run("exec grep -E '^Sig(Ign|Blk)' /proc/self/status\n", timeout: 10_000)
        let lines = String(decoding: outcome.output, as: UTF8.self).split(separator: "\n")
        let ignored = lines.first { $0.hasPrefix("SigIgn:") }.flatMap { UInt64($0.split(separator: "\t").last ?? "", radix: 16) }
        #expect(ignored.map { $0 & (1 << (UInt64(SIGPIPE) - 1)) == 0 } == true, "\(lines)")
        #expect(lines.contains("SigBlk:\t0000000000000000"), "\(lines)")
        #endif
    }

    /// A relative directory of PATH names wherever Grock was started: a program there is not run.
    @Test func aProgramIsFoundInAbsoluteDirectoriesOnly() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let program = directory.path + "/grock-probe"
        try "#!/bin/sh\n".write(toFile: program, atomically: true, encoding: .utf8)
        chmod(program, 0o755)
        // The same directory, reached from wherever the tests run.
        let relative = String(repeating: "../", count: 64) + directory.path.dropFirst()
        #expect(Programs.path(of: "grock-probe", searchPath: relative) == nil)
        #expect(Programs.path(of: "grock-probe", searchPath: "::" + relative + ":" + directory.path) == program)
    }

    /// Review of the adapters: a commit's failure was named after its identity option
    /// ("git user.email=grock@….invalid failed"), not after the git command.
    @Test(arguments: [
        (["-c", "user.name=Grock", "-c", "user.email=grock@laptop.invalid", "commit", "--quiet", "-m", "x"], "commit"),
        (["fetch", "--quiet"], "fetch"),
        (["rev-parse", "--abbrev-ref", "@{u}"], "rev-parse"),
        (["--version"], ""),
    ])
    func gitFailuresNameTheGitCommand(arguments: [String], command: String) {
        #expect(GitTransport.command(in: arguments) == command)
    }

    /// A photo whose name starts with `-` is not an option to tesseract.
    @Test func tesseractReadsAPhotoNamedLikeAnOption() {
        #expect(Tesseract.arguments(reading: "-receipt.png") == ["./-receipt.png", "-"])
        #expect(Tesseract.arguments(reading: "/tmp/-receipt.png") == ["/tmp/-receipt.png", "-"])
    }
}
