/// A device's hybrid logical clock (Kulkarni et al., 2014): each timestamp it gives is later
/// than every one it gave or saw, and stays close to wall time. A device whose clock runs
/// behind still orders its changes after what it has merged; one whose clock runs ahead
/// makes every other device's counter run on from its time until their clocks catch up.
public struct HybridClock: Sendable, Hashable {
    /// The device whose stamps it makes.
    public let device: String
    /// The latest timestamp given or seen.
    public private(set) var latest: HybridTimestamp

    /// A clock for `device`, after `latest` (what it gave or saw before it was last stopped).
    public init(device: String, latest: HybridTimestamp = .zero) {
        self.device = device
        self.latest = latest
    }

    /// A new timestamp for a change made now (`now`: the wall clock, in milliseconds).
    public mutating func tick(now: Int64) -> HybridTimestamp {
        if now > latest.milliseconds {
            latest = HybridTimestamp(milliseconds: min(now, HybridTimestamp.largestMilliseconds), counter: 0, device: device)
        } else if latest.counter < HybridTimestamp.largestCounter || latest.milliseconds == HybridTimestamp.largestMilliseconds {
            // At the largest time the counter is all that is left: it stops at its largest too
            // (the merge never takes in a stamp that far ahead, `SegmentCheck`).
            latest = HybridTimestamp(milliseconds: latest.milliseconds, counter: min(latest.counter + 1, HybridTimestamp.largestCounter),
                                     device: device)
        } else {
            latest = HybridTimestamp(milliseconds: latest.milliseconds + 1, counter: 0, device: device)
        }
        return latest
    }

    /// Takes note of a timestamp seen in another device's change.
    public mutating func receive(_ seen: HybridTimestamp) {
        if seen > latest {
            latest = HybridTimestamp(milliseconds: min(seen.milliseconds, HybridTimestamp.largestMilliseconds),
                                     counter: min(seen.counter, HybridTimestamp.largestCounter), device: device)
        }
    }
}
