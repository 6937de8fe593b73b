import Composition
import DataLayer
import Domain
import Terminal
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Commands {
    static let sync: [Command] = [
        Command("sync", usage: "grock sync",
                summary: "Exchange changes with the household now: send this device's, merge the others'.",
                details: "When the household folder is a git work tree, grock pulls first, then commits and pushes this device's new file. "
                    + "A segment still being copied is waited for; a damaged one is reported and not applied; a change Grock refuses "
                    + "(a bad name or amount, a forged stamp) is reported and the rest merged. See docs/SYNC.md.",
                examples: ["grock sync", "grock --json sync"]) { run in
            let report = try await household(run).exchange()
            if run.json {
                run.console.json(SyncReportDocument(sent: report.sent, received: report.received, waiting: report.waiting, damaged: report.damaged,
                                                    quarantined: report.quarantined))
            } else {
                run.console.out("Synced: \(Wording.counted(report.sent, "change")) sent, \(report.received) received.")
            }
            if let former = report.formerDevice, !run.json {
                run.console.error("warning: another data directory syncs as this device \(former) (a copy of this one, or this one put back from a backup); this one is a device of its own now")
            }
            for name in report.waiting where !run.json { run.console.error("waiting: \(name)") }
            for damage in report.damaged where !run.json { run.console.error("warning: damaged, not applied: \(damage)") }
            for refusal in report.quarantined where !run.json { run.console.error("warning: refused a change of another device, the rest merged: \(refusal)") }
            if report.folderRewritten && !run.json {
                run.console.error("warning: the household folder had lost its grock-household file; this device wrote it again, with a snapshot of its data")
            }
        },
        Command("sync init", usage: "grock sync init DIR [--name NAME]",
                summary: "Start a household in the folder DIR (kept in step by Syncthing, a cloud drive, a share or git), with this device's data.",
                details: "DIR must exist. This device's data becomes the household's start; other devices join with grock sync join DIR.",
                examples: ["grock sync init ~/Sync/grock", "grock sync init ~/grock-household --name laptop"], options: ["name"], arguments: 1...1) { run in
            let folder = try absolute(run.argument(0))
            let device = newDevice()
            let sync = HouseholdSync(directory: try directory(run), lockTimeout: .seconds(10), transport: transport(for: folder),
                                     now: run.container.syncClock, newDevice: newDevice)
            _ = try await sync.start(folder: folder, device: device, name: try name(run))
            run.console.out("This device (\(Echo.quoted(try name(run)))) now syncs through \(Echo.quoted(folder)). On another device: grock sync join \(TextBlocks.shellWord(folder))")
        },
        Command("sync join", usage: "grock sync join DIR [--name NAME]",
                summary: "Join the household whose folder is DIR: this device, empty, takes its data.",
                examples: ["grock sync join ~/Sync/grock --name phone"], options: ["name"], arguments: 1...1) { run in
            let folder = try absolute(run.argument(0))
            let sync = HouseholdSync(directory: try directory(run), lockTimeout: .seconds(10), transport: transport(for: folder),
                                     now: run.container.syncClock, newDevice: newDevice)
            let report = try await sync.join(folder: folder, device: newDevice(), name: try name(run))
            let later = report.received > 0 ? " and \(Wording.counted(report.received, "change")) made since" : ""
            run.console.out("Joined the household in \(Echo.quoted(folder)): its data\(later) is here; its categories and currency are this device's now.")
        },
        Command("sync status", usage: "grock sync status",
                summary: "Show the household's devices, what each has sent and this one has merged, and changes waiting to be sent.",
                examples: ["grock sync status", "grock --json sync status"]) { run in
            let status = try await household(run).status()
            if run.json { return run.console.json(SyncStatusDocument(status)) }
            var lines = ["Household folder: \(status.folder)", ""]
            for device in status.devices {
                let seen = device.lastSeen.map { "last change " + Timestamp(secondsSince1970: $0 / 1000).description } ?? "no change seen"
                let role = device.isThis ? " (this device)" : device.hasLeft ? " (left)" : ""
                let merged = device.isThis ? "\(device.segments) sent" : "\(device.applied) of \(device.segments) merged"
                lines.append("  \(device.name)\(role): \(merged), \(seen)")
            }
            lines += ["", "Changes waiting to be sent: \(status.pending)"]
            for name in status.waiting { lines.append("Still arriving: \(name)") }
            for damage in status.damaged { lines.append("Damaged: \(damage)") }
            for refusal in status.quarantined { lines.append("Refused: \(refusal)") }
            run.console.out(lines.joined(separator: "\n"))
        },
        Command("sync leave", usage: "grock sync leave",
                summary: "Stop syncing this device. Its data stays; its files stay in the folder for the others.",
                examples: ["grock sync leave"]) { run in
            try await household(run).leave()
            run.console.out("This device no longer syncs; its data stays.")
        },
    ]

    @MainActor
    private static func directory(_ run: Invocation) throws -> String {
        guard let directory = run.container.directory else { throw CommandFailure(code: .refused, description: "sync needs a data directory, not --in-memory") }
        return directory
    }

    @MainActor
    private static func household(_ run: Invocation) throws -> HouseholdSync {
        let directory = try directory(run)
        let folder = (try? HouseholdSync.folder(of: directory)) ?? ""
        return HouseholdSync(directory: directory, lockTimeout: .seconds(10), transport: transport(for: folder), now: run.container.syncClock,
                             newDevice: newDevice)
    }

    @MainActor
    private static func name(_ run: Invocation) throws -> String {
        if let name = run.parsed.value("name") { return try Name.validated(name, kind: "device") }
        var host = [CChar](repeating: 0, count: 256)
        gethostname(&host, host.count - 1)
        let text = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? "device" : text
    }

    /// A device id: 16 random hexadecimal digits, as every other identifier Grock makes.
    @Sendable private static func newDevice() -> String { RandomIdentifiers().makeIdentifier() }

    /// `path` made absolute against the current directory.
    private static func absolute(_ path: String) throws -> String {
        guard !path.isEmpty else { throw UsageError("DIR is empty") }
        if path.hasPrefix("/") { return path }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { throw UsageError("cannot tell the current directory") }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + "/" + path
    }

    private static func transport(for folder: String) -> any FolderTransport {
        var info = stat()
        return lstat(folder + "/.git", &info) == 0 ? GitTransport() : PassiveTransport()
    }
}

/// A household folder that is a git work tree: pull (fetch and rebase onto the upstream) before
/// an exchange, commit this device's new files and push after. Each device adds only its own
/// files, so a rebase never meets a conflict.
struct GitTransport: FolderTransport {
    func pull(_ folder: String) throws {
        guard try hasRemote(folder) else { return }
        try git(folder, ["fetch", "--quiet"])
        let remote: String
        if let upstream = try? git(folder, ["rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{u}"]) {
            remote = String(upstream.split(separator: "\n").first ?? "")
        } else {
            // A clone of a repository that was empty then: follow the remote's one branch.
            let branches = try git(folder, ["for-each-ref", "--format=%(refname:short)", "refs/remotes/origin"])
                .split(separator: "\n").map(String.init).filter { $0 != "origin/HEAD" && $0 != "origin" }
            guard let only = branches.first, branches.count == 1 else { return }
            remote = only
        }
        if (try? git(folder, ["rev-parse", "--verify", "--quiet", "HEAD"])) == nil {
            // Nothing committed here yet: start from the remote's branch.
            try git(folder, ["checkout", "--quiet", "-B", String(remote.split(separator: "/").last ?? "main"), "--track", remote])
            return
        }
        do {
            try git(folder, ["rebase", "--quiet", "--autostash", remote])
        } catch {
            // Only files of one's own are Grock's; others (a note kept in the folder) can
            // conflict: the rebase is taken back, the repository left as it was.
            _ = try? git(folder, ["rebase", "--abort"])
            throw SyncError.git(reason: "the folder's own commits conflict with the remote's (in files that are not Grock's); the rebase was taken back: resolve it in \(folder)")
        }
    }

    func push(_ folder: String, device: String, files: [String]) throws {
        try git(folder, ["add", "--"] + files)
        if (try? git(folder, ["diff", "--cached", "--quiet"])) == nil {
            let identity = (try? git(folder, ["config", "user.email"])) == nil
                ? ["-c", "user.name=Grock", "-c", "user.email=grock@\(device).invalid"] : []
            try git(folder, identity + ["commit", "--quiet", "-m", "grock: changes of device \(device)"])
        }
        guard try hasRemote(folder) else { return }
        let upstream = (try? git(folder, ["rev-parse", "--verify", "--quiet", "@{u}"])) != nil
        // Nothing to push: no network.
        if upstream, (try? git(folder, ["rev-list", "--count", "@{u}..HEAD"]))?.hasPrefix("0") == true { return }
        if (try? git(folder, upstream ? ["push", "--quiet"] : ["push", "--quiet", "-u", "origin", "HEAD"])) == nil {
            // Another device pushed meanwhile: its files are not ours, so a rebase is clean.
            try pull(folder)
            do { try git(folder, upstream ? ["push", "--quiet"] : ["push", "--quiet", "-u", "origin", "HEAD"]) } catch {
                // Lost the race twice: the merge is stored and committed here; the next sync pushes it.
                throw SyncError.git(reason: "another device pushed at the same time, twice; this device's changes are merged and committed here: run grock sync again to send them")
            }
        }
    }

    private func hasRemote(_ folder: String) throws -> Bool { !(try git(folder, ["remote"])).isEmpty }

    /// Runs git in `folder`; its output, or `SyncError.git` with its last line of errors.
    @discardableResult
    private func git(_ folder: String, _ arguments: [String]) throws -> String {
        guard let git = ReceiptInput.executable("git", in: getenv("PATH").map { String(cString: $0) }) else {
            throw SyncError.git(reason: "the household folder is a git work tree, but git is not on PATH")
        }
        var output: [Int32] = [0, 0], errors: [Int32] = [0, 0]
        guard pipe(&output) == 0, pipe(&errors) == 0 else { throw SyncError.git(reason: String(cString: strerror(errno))) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, output[1], STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, errors[1], STDERR_FILENO)
        posix_spawn_file_actions_addclose(&actions, output[0])
        posix_spawn_file_actions_addclose(&actions, errors[0])
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        let words = [git, "-C", folder] + arguments
        let argv = words.map { strdup($0) }
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, git, &actions, nil, argv + [nil], environ)
        close(output[1])
        close(errors[1])
        defer { close(output[0]); close(errors[0]) }
        guard spawned == 0 else { throw SyncError.git(reason: String(cString: strerror(spawned))) }
        let (out, err) = drain(output[0], errors[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else {
            // git's own words: its `fatal:` or `error:` line, not the hints around it.
            let lines = err.split(separator: "\n").map(String.init)
            let line = lines.first { $0.hasPrefix("fatal: ") || $0.hasPrefix("error: ") } ?? lines.last { !$0.hasPrefix("hint:") }
            throw SyncError.git(reason: "git \(arguments.first(where: { !$0.hasPrefix("-") && $0 != "user.name=Grock" }) ?? "") failed: "
                + (line ?? "exit code \((status >> 8) & 0xFF)"))
        }
        return out
    }

    /// Reads both pipes to their ends together: read one after the other, a git that fills the
    /// second (a page of hints on stderr) would wait for room while Grock waits for the first.
    private func drain(_ output: Int32, _ errors: Int32) -> (String, String) {
        var bytes: [[UInt8]] = [[], []]
        var fds = [pollfd(fd: output, events: Int16(POLLIN), revents: 0), pollfd(fd: errors, events: Int16(POLLIN), revents: 0)]
        var buffer = [UInt8](repeating: 0, count: 4096)
        while fds.contains(where: { $0.fd >= 0 }) {
            guard poll(&fds, nfds_t(fds.count), -1) >= 0 || errno == EINTR else { break }
            for index in fds.indices where fds[index].fd >= 0 && fds[index].revents != 0 {
                let count = read(fds[index].fd, &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                // At its end (or an error) a pipe is set aside: poll passes over negative descriptors.
                if count <= 0 { fds[index].fd = -1 } else { bytes[index] += buffer[..<count] }
            }
        }
        return (String(decoding: bytes[0], as: UTF8.self), String(decoding: bytes[1], as: UTF8.self))
    }
}

struct SyncReportDocument: Encodable {
    let sent: Int
    let received: Int
    let waiting: [String]
    let damaged: [String]
    let quarantined: [String]
}

struct SyncStatusDocument: Encodable {
    struct Device: Encodable {
        let id: String
        let name: String
        let this: Bool
        let left: Bool
        let segments: Int
        let applied: Int
        let lastSeen: String?
    }

    let folder: String
    let household: String
    let devices: [Device]
    let pending: Int
    let waiting: [String]
    let damaged: [String]
    let quarantined: [String]

    init(_ status: SyncStatus) {
        folder = status.folder
        household = status.household
        devices = status.devices.map {
            Device(id: $0.id, name: $0.name, this: $0.isThis, left: $0.hasLeft, segments: $0.segments, applied: $0.applied,
                   lastSeen: $0.lastSeen.map { Timestamp(secondsSince1970: $0 / 1000).description })
        }
        pending = status.pending
        waiting = status.waiting
        damaged = status.damaged
        quarantined = status.quarantined
    }
}
