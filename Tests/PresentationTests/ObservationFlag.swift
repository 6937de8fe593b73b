/// Set from an observation callback, read by the test.
final class ObservationFlag: @unchecked Sendable {
    private(set) var value = false
    func set() { value = true }
}
