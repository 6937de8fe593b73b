/// Where use cases get the current time, so that tests can fix it.
public protocol Clock: Sendable {
    /// The current moment, with the UTC offset days are counted in (a day starts at local midnight).
    func now() -> Timestamp
}
