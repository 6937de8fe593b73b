/// The bytes a connection read and has not yet taken as a request, and what is known of the
/// request they start. Until the blank line after the headers arrives, where its search stopped
/// (a header arriving in many small reads is searched once); then the head, parsed once and kept
/// while the body arrives, whose bytes are only counted from then on: a body sent a byte at a
/// time costs a comparison a read, not a parse of the headers.
struct HTTPRequestReader {
    /// The bytes read and not yet taken as a request (changed through `append`, `take` and
    /// `discard`, so that `state` always describes them). Offsets in `state` and `Parse` count
    /// from its first byte.
    private(set) var unread = ByteQueue()
    private(set) var state = State.searching(from: 0)
    /// How many heads were parsed: one a request, however its bytes arrive (what the tests hold it to).
    private(set) var headsParsed = 0

    /// What is known of the request `unread` starts.
    enum State: Equatable {
        /// The headers' end is not there yet; the bytes before this offset hold none of it.
        case searching(from: Int)
        /// The head is read; its body is arriving.
        case read(HTTPRequest.Head)
        /// Refused: nothing more is read into this request.
        case refused(HTTPRequest.Refusal)
    }

    mutating func append(_ bytes: ArraySlice<UInt8>) { unread += bytes }

    /// What the bytes read so far hold: a whole request, not enough yet, or something refused
    /// (as `HTTPRequest.Head` checks it).
    mutating func parse() -> HTTPRequest.Parse {
        switch state {
        case .refused(let refusal):
            return .refused(refusal)
        case .searching(let from):
            guard let size = HTTPRequest.headSize(unread.bytes, from: from) else {
                guard unread.count <= HTTPRequest.maximumHeaderBytes else { return refuse(HTTPRequest.headersTooLarge) }
                // The last 3 bytes are searched again: the blank line may be split between reads.
                state = .searching(from: max(0, unread.count - 3))
                return .incomplete
            }
            headsParsed += 1
            do throws(HTTPRequest.Refusal) {
                state = .read(try HTTPRequest.Head(Array(unread.bytes.prefix(size)), size: size))
            } catch {
                return refuse(error)
            }
            return parse()
        case .read(let head):
            // Both bounded (16 KiB of headers, 1 MiB of body): no sum of them overflows.
            let end = head.size + head.bodyLength
            guard unread.count >= end else { return .incomplete }
            return .request(head.request(body: Array(unread.bytes.dropFirst(head.size).prefix(head.bodyLength))), consumed: end)
        }
    }

    /// Drops the first `count` bytes read (a request taken): what follows is searched afresh.
    mutating func take(_ count: Int) {
        unread.removeFirst(count)
        state = .searching(from: 0)
    }

    /// Drops every byte read.
    mutating func discard() {
        unread = ByteQueue()
        state = .searching(from: 0)
    }

    private mutating func refuse(_ refusal: HTTPRequest.Refusal) -> HTTPRequest.Parse {
        state = .refused(refusal)
        return .refused(refusal)
    }
}
