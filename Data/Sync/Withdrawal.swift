/// A device's changes stamped after a moment, taken back by the device itself because its
/// clock had read far ahead when it stamped them (`grock sync --restamp`): it sends them again
/// under a new id (`successor`), stamped by its clock once set right. Its `device` file in the
/// folder says so, so that every device leaves them out whenever their segments reach it, and
/// nobody waits for them. Kept in each index once seen, should that file be lost.
///
/// Only changes stamped more than a day ahead of the reading device's clock are left out: those
/// wait anyway, and no device whose clock is right has merged them. So a file that says more
/// (forged, or changed later) cannot take back a change the household holds: a device's changes
/// stamped as its clock read them are merged whatever its file says.
struct Withdrawal: Equatable {
    /// The device that sends them again.
    let successor: String
    /// The moment (ms since 1970) after which the device's stamps are taken back.
    let after: Int64

    /// Whether `version`, in a segment of `device` (the one that withdrew), is one of those taken
    /// back, read by a device whose clock reads `now` (ms since 1970).
    func withdraws(_ version: SyncVersion, of device: String, now: Int64) -> Bool {
        version.stamp.device == device && version.stamp.milliseconds > max(after, now + SegmentCheck.futureMargin)
    }

    /// When `version`, in a segment of `device`, was made as a wait counts it
    /// (`SegmentCheck.date`): 0 when `withdrawal` takes it back, so that nothing waits for it.
    static func date(of version: SyncVersion, of device: String, unless withdrawal: Withdrawal?, now: Int64) -> Int64 {
        withdrawal?.withdraws(version, of: device, now: now) == true ? 0 : SegmentCheck.date(of: version)
    }

    /// The line of a `device` file, and of an index after its device's name.
    var fields: String { "\(successor)\t\(after)" }

    /// A withdrawal from its fields (`successor`, `after`); nil when they are not one.
    init?(fields: [Substring]) {
        guard fields.count == 2, Identifier.isValid(String(fields[0])), let after = Int64(fields[1]),
              (0...SegmentCheck.latestDate * 1000).contains(after) else { return nil }
        self.init(successor: String(fields[0]), after: after)
    }

    init(successor: String, after: Int64) {
        self.successor = successor
        self.after = after
    }
}
