import Adapters
import Composition
import Domain
import Presentation
import Terminal

extension Commands {
    static let sync: [Command] = [
        Command("sync", usage: "grock sync",
                summary: "Exchange changes with the household now: send this device's, merge the others'.",
                details: """
                When the household folder is a git work tree, grock pulls first, then commits and pushes this device's new file. \
                A segment still being copied is waited for; a damaged one is reported and not applied; a change Grock refuses \
                (a bad name or amount, a forged stamp) is reported and the rest merged. \
                --restamp: when this device's clock once read far ahead, its changes since are stamped that late and the \
                others wait for them (sync says so); once the clock is right, this sends them again stamped now, under a new \
                device id, with the dates the wrong clock wrote brought back to now. Refused (exit 1, nothing changed) when no \
                change is stamped more than a day ahead, or when the clock reads more than a day before another device's \
                change. See docs/SYNC.md.
                """,
                examples: ["grock sync", "grock --json sync", "grock sync --restamp"], options: [.optional(.restamp)]) { run in
            let household = try household(run)
            let report = try run.has(.restamp) ? await household.restamp() : await household.exchange()
            if run.json { return try run.console.json(SyncReportDocument(report)) }
            if let restamped = SyncText.restamped(report) { run.console.out(restamped) }
            run.console.out(SyncText.exchanged(report))
            for line in SyncText.problems(report) { run.console.error(line) }
        },
        Command("sync init", usage: "grock sync init DIR",
                summary: "Start a household in the folder DIR (kept in step by Syncthing, a cloud drive, a share or git), "
                             + "with this device's data.",
                details: "DIR must exist. This device's data becomes the household's start; other devices join with grock sync join DIR.",
                examples: ["grock sync init ~/Sync/grock", "grock sync init ~/grock-household --name laptop"],
                options: [.optional(.name)]) { run in
            let folder = try absolute(run.argument(0))
            let household = try household(run), device = try deviceName(run)
            try await household.start(folder: folder, name: device)
            run.console.out(SyncText.started(device: device, folder: folder))
        },
        Command("sync join", usage: "grock sync join DIR",
                summary: "Join the household whose folder is DIR: this device, empty, takes its data.",
                examples: ["grock sync join ~/Sync/grock --name phone"], options: [.optional(.name)]) { run in
            let folder = try absolute(run.argument(0))
            let report = try await household(run).join(folder: folder, name: try deviceName(run))
            run.console.out(SyncText.joined(report, folder: folder))
        },
        Command("sync status", usage: "grock sync status",
                summary: "Show the household's devices, what each has sent and this one has merged, and changes waiting to be sent.",
                examples: ["grock sync status", "grock --json sync status"]) { run in
            let status = try await household(run).status()
            if run.json { return try run.console.json(SyncStatusDocument(status)) }
            run.console.out(SyncText.status(status))
        },
        Command("sync leave", usage: "grock sync leave",
                summary: "Stop syncing this device. Its data stays; its files stay in the folder for the others.",
                details: """
                Changes made here and not sent yet (grock sync status counts them) keep it from leaving: run grock sync \
                first, or --discard to leave without sending them (they stay in this device's data only).
                """,
                examples: ["grock sync leave", "grock sync leave --discard"], options: [.optional(.discard)]) { run in
            try await household(run).leave(discardingUnsent: run.has(.discard))
            run.console.out("This device no longer syncs; its data stays.")
        },
    ]

    /// The household sync of the command's data directory.
    /// - Throws: `CommandFailure` (exit 1) for `--in-memory`, which has no files to exchange.
    @MainActor
    private static func household(_ run: Invocation) throws -> Household {
        guard let household = run.container.household() else {
            throw CommandFailure(kind: .refused, description: "sync needs a data directory, not --in-memory")
        }
        return household
    }

    /// This device's name in the household: `--name`, else the host's name.
    /// - Throws: `DomainError.invalidName` for a `--name` that cannot be one (exit 2).
    @MainActor
    private static func deviceName(_ run: Invocation) throws -> String {
        if let name = try run.value(.name) { return try Name.validated(name, kind: "device") }
        return Machine.hostName() ?? "device"
    }

    /// `path` made absolute against the current directory.
    private static func absolute(_ path: String) throws -> String {
        guard !path.isEmpty else { throw UsageError("DIR is empty") }
        guard let absolute = Machine.absolutePath(path) else { throw UsageError("cannot tell the current directory") }
        return absolute
    }
}
