/// The Levenshtein distance of two sequences: how many elements to insert, delete or replace to
/// turn one into the other. What suggests a name for a typo (`Name`) and matches a receipt's
/// misread words (`ReceiptMatcher`, `ReceiptVocabulary`), over characters or bytes alike.
enum EditDistance {
    /// The distance between `a` and `b` when it is at most `limit`, else nil. A row of the table
    /// whose smallest value passes `limit` ends the work early: matching compares each word of a
    /// receipt with many, and wants only the close ones.
    static func between<Element: Equatable>(_ a: [Element], _ b: [Element], atMost limit: Int) -> Int? {
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) <= limit ? max(a.count, b.count) : nil }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return nil }
            swap(&previous, &current)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }
}
