import Domain
import Synchronization

/// Identifiers of one device of a household, `device` in the high bits so that devices never
/// share one: `100000001`, `100000002`, ... for device 0.
public final class CountingIdentifiers: IdentifierSource {
    private let next: Mutex<UInt64>

    public init(_ device: Int) { next = Mutex(UInt64(device + 1) << 32) }

    public func makeIdentifier() -> String { String(next.withLock { $0 += 1; return $0 }, radix: 16) }
}
