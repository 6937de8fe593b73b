/// Counts what a terminal shows of a line: colour codes take no room.
enum TextBlocksProbe {
    static func visibleWidth(_ line: String) -> Int {
        var count = 0, escaping = false
        for character in line {
            if character == "\u{1B}" { escaping = true } else if escaping { escaping = character != "m" } else { count += 1 }
        }
        return count
    }
}
