import Domain

/// Why a line number given in shop mode names no line.
public enum ShopError: Error, ClassifiedError, Equatable, CustomStringConvertible {
    /// A line that is no longer there: `notFound`.
    public var kind: ErrorKind { .notFound }

    /// The line numbered `number` has left the cart (an impulse buy removed): its number is
    /// not given to another line during the session.
    case lineGone(number: Int, name: String)

    /// The sentence a front shows: the line's number and name, and that the number stays unused.
    public var description: String {
        switch self {
        case .lineGone(let number, let name):
            "line \(number) (\(Echo.shortened(name))) is no longer on the cart; its number is not used again in this session"
        }
    }
}
