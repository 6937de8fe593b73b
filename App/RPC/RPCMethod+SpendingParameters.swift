// The parameters of the spending methods (`insights`, `export`), each one typed value
// (`RPCParameters`): its fields, in their order, are the parameters `rpc.discover` lists.

extension RPCMethod {
    /// `insights`' months.
    struct Period: RPCParameters {
        let from: String?
        let to: String?
    }

    /// `export`'s.
    struct Export: RPCParameters {
        let format: String
    }
}
