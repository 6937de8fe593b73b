import Domain

/// What this front refuses by itself (sync without a data directory).
struct RPCRefusal: Error, ClassifiedError, CustomStringConvertible {
    let description: String
    var kind: ErrorKind { .refused }
}
