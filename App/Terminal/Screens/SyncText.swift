import Domain

/// What the `grock sync` commands say. Unlike a screen's, these lines are not fitted to the
/// terminal's width: a folder's path and a segment's name are shown whole, to be found and
/// copied.
public enum SyncText {
    /// `grock sync`: what the exchange sent and received.
    public static func exchanged(_ report: SyncReport) -> String {
        "Synced: \(Wording.counted(report.sent, "change")) sent, \(report.received) received."
    }

    /// What an exchange found unfinished or wrong, a line each, for the error stream: a copied
    /// data directory, segments still arriving, damaged or refused, a household file written again.
    public static func problems(_ report: SyncReport) -> [String] {
        var lines: [String] = []
        if let former = report.formerDevice {
            switch report.why ?? .copied {
            case .copied:
                lines.append("warning: another data directory syncs as this device \(former) (a copy of this one, or this one put "
                                 + "back from a backup); this one is a device of its own now")
            case .restamped: break
            case .withdrawn(let after):
                lines.append("warning: the household folder says this device's (\(former)) changes after "
                                 + "\(Timestamp(clamping: after / 1000)) were taken back (by a copy of this data directory that "
                                 + "restamped them, or a forged file); this one sent them again as a device of its own")
            }
        }
        if let stamped = report.stampedAhead {
            lines.append("waiting: this device's changes are stamped \(Timestamp(clamping: stamped / 1000)), more than a day ahead of "
                             + "its clock, which once read that late; the others merge them only when their clocks are that late. "
                             + "If this device's clock is right now, send them again stamped now: grock sync --restamp")
        }
        lines += report.waiting.map { "waiting: \($0)" }
        lines += report.damaged.map { "warning: damaged, not applied: \($0)" }
        lines += report.quarantined.map { "warning: refused a change of another device, the rest merged: \($0)" }
        if report.folderRewritten {
            lines.append("warning: the household folder had lost its grock-household file; this device wrote it again, "
                             + "with a snapshot of its data")
        }
        return lines
    }

    /// `grock sync --restamp`: how many changes went out again, stamped now.
    public static func restamped(_ report: SyncReport) -> String? {
        guard case .restamped(let count) = report.why else { return nil }
        return "Restamped \(Wording.counted(count, "change")) made while this device's clock read ahead: the household merges "
            + "them as made now, from this device under a new id."
    }

    /// `grock sync init`: the device now syncing, and the command that joins another one.
    public static func started(device: String, folder: String) -> String {
        "This device (\(Echo.quoted(device))) now syncs through \(Echo.quoted(folder)). On another device: " + Hints.joinHousehold(folder)
    }

    /// `grock sync join`: what this device took from the household.
    public static func joined(_ report: SyncReport, folder: String) -> String {
        let later = report.received > 0 ? " and \(Wording.counted(report.received, "change")) made since" : ""
        return "Joined the household in \(Echo.quoted(folder)): its data\(later) \(later.isEmpty ? "is" : "are") here; "
                   + "its categories and currency are this device's now."
    }

    /// `grock sync status`: the folder, each device with what it sent and this one merged, and
    /// what is waiting, arriving, damaged or refused. A name several devices share (a data
    /// directory copied, two devices named alike) is followed by each one's id.
    public static func status(_ status: SyncStatus) -> String {
        var lines = ["Household folder: \(status.folder)", ""]
        let shared = Set(Dictionary(grouping: status.devices, by: \.name).filter { $0.value.count > 1 }.keys)
        for device in status.devices {
            let seen = device.lastSeen.map { "last change " + Timestamp(clamping: $0 / 1000).description } ?? "no change seen"
            let restamped = device.restampedAs.map { $0 == device.name ? " (restamped: its changes come from its new id)"
                                                                        : " (restamped: its changes come from \($0))" }
            let role = device.isThis ? " (this device)" : restamped ?? (device.hasLeft ? " (left)" : "")
            let merged = device.isThis ? "\(device.segments) sent" : "\(device.applied) of \(device.segments) merged"
            let name = shared.contains(device.name) ? "\(device.name) [\(device.id)]" : device.name
            lines.append("  \(name)\(role): \(merged), \(seen)")
        }
        lines += ["", "Changes waiting to be sent: \(status.pending)"]
        lines += status.waiting.map { "Still arriving: \($0)" }
        lines += status.damaged.map { "Damaged: \($0)" }
        lines += status.quarantined.map { "Refused: \($0)" }
        return lines.joined(separator: "\n")
    }
}
