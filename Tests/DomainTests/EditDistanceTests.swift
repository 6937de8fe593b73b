@testable import Domain
import Testing

/// The one edit distance, over characters and bytes: empty words too (the receipt matcher's own
/// copy trapped on one, kept from it only by its callers).
@Suite struct EditDistanceTests {
    @Test(arguments: [
        ("", "", 5, 0 as Int?), ("", "milk", 5, 4), ("milk", "", 5, 4), ("", "milk", 3, nil),
        ("milch", "milk", 2, 2), ("kitten", "sitting", 3, 3), ("kitten", "sitting", 2, nil), ("same", "same", 0, 0),
    ])
    func countsEditsUpToTheLimit(a: String, b: String, limit: Int, distance: Int?) {
        #expect(EditDistance.between(Array(a), Array(b), atMost: limit) == distance)
        #expect(EditDistance.between(Array(a.utf8), Array(b.utf8), atMost: limit) == distance)
    }
}
