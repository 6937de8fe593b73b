import Domain

extension HybridTimestamp {
    /// Reads the text `description` writes, as segments, outbox entries and the sync state
    /// hold it: `0` for `zero`, else sixteen digits of milliseconds, a dot, four digits of
    /// counter, a dot and the device (one or more letters, digits, `-`, `_`, `.` or `:`, as a
    /// device's id). Nil for anything else, so a stamp that reads is one that was written.
    init?(_ text: Substring) {
        if text == "0" { self = .zero; return }
        // On the UTF-8 view: a sync reads two stamps for every version in a segment.
        let utf8 = text.utf8
        let millisecondsText = utf8.prefix { $0 != UInt8(ascii: ".") }
        let afterFirstDot = utf8.dropFirst(millisecondsText.count + 1)
        let counterText = afterFirstDot.prefix { $0 != UInt8(ascii: ".") }
        let device = afterFirstDot.dropFirst(counterText.count + 1)
        guard millisecondsText.count == 16, counterText.count == 4, !device.isEmpty,
              device.allSatisfy(HybridTimestamp.isDeviceByte),
              let milliseconds = HybridTimestamp.number(millisecondsText),
              let counter = HybridTimestamp.number(counterText) else { return nil }
        self.init(milliseconds: milliseconds, counter: Int32(counter), device: String(Substring(device)))
    }

    /// The value of at most sixteen ASCII digits (so it cannot overflow); nil for any other byte.
    private static func number(_ digits: Substring.UTF8View) -> Int64? {
        var value: Int64 = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private static func isDeviceByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"): true
        case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"): true
        default: false
        }
    }
}
