/// The rule for an id Grock writes (of a store, an item, a cart, a household, a device): 1 to
/// 64 ASCII letters, digits, `-`, `_`, `.` or `:`, what Grock's identifier sources and earlier
/// schemas made. Ids go into Grock's compact files, segment lines and folder names unescaped,
/// so one from outside (a hand-made backup, a forged segment, a folder's name) with a tab, a
/// line break or a slash in it must be refused, not carried in.
enum Identifier {
    /// Whether `text` is an id Grock writes.
    static func isValid(_ text: String) -> Bool { isValid(text.utf8[...]) }

    /// Whether the bytes are an id Grock writes, read in place.
    static func isValid(_ bytes: Substring.UTF8View) -> Bool {
        !bytes.isEmpty && bytes.count <= 64 && bytes.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || byte == 0x2D || byte == 0x5F || byte == 0x2E || byte == 0x3A
        }
    }
}
