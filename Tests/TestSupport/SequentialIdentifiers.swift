import Domain
import Synchronization

/// Identifiers `00000001`, `00000002`, ... in order.
public final class SequentialIdentifiers: IdentifierSource {
    private let counter = Mutex(0)

    public init() {}

    public func makeIdentifier() -> String {
        let next = counter.withLock { value -> Int in
            value += 1
            return value
        }
        let digits = String(next, radix: 16)
        return String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }
}
