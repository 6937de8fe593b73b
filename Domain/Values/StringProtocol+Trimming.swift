extension StringProtocol {
    /// The text without leading and trailing spaces, tabs and newlines.
    func trimmingWhitespace() -> String {
        // Printable ASCII at both ends is no space (and the common case).
        if let first = utf8.first, let last = utf8.reversed().first, (0x21..<0x7F).contains(first), (0x21..<0x7F).contains(last) {
            return String(self)
        }
        let isSpace: (Character) -> Bool = { $0.isWhitespace }
        guard let start = firstIndex(where: { !isSpace($0) }),
              let end = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[start...end])
    }
}
