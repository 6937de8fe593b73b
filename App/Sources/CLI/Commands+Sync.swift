import Composition
import Domain
import Presentation
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
                run.console.json(SyncReportDocument(report))
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
        Command("sync init", usage: "grock sync init DIR",
                summary: "Start a household in the folder DIR (kept in step by Syncthing, a cloud drive, a share or git), with this device's data.",
                details: "DIR must exist. This device's data becomes the household's start; other devices join with grock sync join DIR.",
                examples: ["grock sync init ~/Sync/grock", "grock sync init ~/grock-household --name laptop"], options: [.optional("name", "NAME")], arguments: 1...1) { run in
            let folder = try absolute(run.argument(0))
            try await household(run).start(folder: folder, name: try name(run))
            run.console.out("This device (\(Echo.quoted(try name(run)))) now syncs through \(Echo.quoted(folder)). On another device: grock sync join \(TextBlocks.shellWord(folder))")
        },
        Command("sync join", usage: "grock sync join DIR",
                summary: "Join the household whose folder is DIR: this device, empty, takes its data.",
                examples: ["grock sync join ~/Sync/grock --name phone"], options: [.optional("name", "NAME")], arguments: 1...1) { run in
            let folder = try absolute(run.argument(0))
            let report = try await household(run).join(folder: folder, name: try name(run))
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
    private static func household(_ run: Invocation) throws -> Household {
        guard let household = run.container.household() else { throw CommandFailure(kind: .refused, description: "sync needs a data directory, not --in-memory") }
        return household
    }

    @MainActor
    private static func name(_ run: Invocation) throws -> String {
        if let name = run.parsed.value("name") { return try Name.validated(name, kind: "device") }
        var host = [CChar](repeating: 0, count: 256)
        gethostname(&host, host.count - 1)
        let text = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? "device" : text
    }

    /// `path` made absolute against the current directory.
    private static func absolute(_ path: String) throws -> String {
        guard !path.isEmpty else { throw UsageError("DIR is empty") }
        if path.hasPrefix("/") { return path }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { throw UsageError("cannot tell the current directory") }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + "/" + path
    }
}
