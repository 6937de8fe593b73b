/// Bytes used from the front: an answer a connection writes as the socket takes it, or what it
/// read, taken a request at a time. Taking moves an offset on, not the bytes after it; what was
/// taken is dropped once it is half of what is kept, so each byte is moved at most once on
/// average, however small the pieces taken (moving what is left at every take is quadratic:
/// 1 MiB written 1,000 bytes at a time moved 500 MiB, 20,000 pipelined requests took seconds).
struct ByteQueue {
    private(set) var stored: [UInt8] = []
    /// How many of `stored` are taken.
    private var taken = 0
    /// How many bytes were moved to drop what was taken: at most as many as were taken (what
    /// the tests hold it to).
    private(set) var movedBytes = 0

    /// The bytes not yet taken (a slice of `stored`: its indices are `stored`'s).
    var bytes: ArraySlice<UInt8> { stored[taken...] }

    /// Nothing left to take.
    var isEmpty: Bool { taken == stored.count }

    /// How many bytes are left to take.
    var count: Int { stored.count - taken }

    static func += (queue: inout ByteQueue, bytes: some Sequence<UInt8>) { queue.stored += bytes }

    /// Takes the first `count` bytes left (as many as there are, if fewer).
    mutating func removeFirst(_ count: Int) {
        taken += min(max(0, count), stored.count - taken)
        if taken == stored.count {
            stored = []
            taken = 0
        } else if taken >= stored.count / 2 {
            movedBytes += stored.count - taken
            stored.removeFirst(taken)
            taken = 0
        }
    }
}
