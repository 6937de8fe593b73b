import Domain

// The notification `grock rpc` sends when another process changes the data.

extension RPCServer {
    /// `{"jsonrpc":"2.0","method":"changed","params":{"origin":"elsewhere"}}`: the data was
    /// changed by someone else (another grock); a client shows it afresh. Changes made through
    /// this server are answered by their responses and not repeated.
    struct ChangeNotification: Encodable {
        let jsonrpc = "2.0"
        let method = "changed"
        let params: Params

        struct Params: Encodable {
            let origin: String
            let summary: String?
        }

        init(_ change: StorageChange) { params = Params(origin: change.origin.rawValue, summary: change.summary) }
    }
}
