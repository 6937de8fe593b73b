// The parameters of `setup` and `settings.*`, each one typed value (`RPCParameters`): its
// fields, in their order, are the parameters `rpc.discover` lists.

extension RPCMethod {
    /// `setup`'s: the currency, EUR unless given.
    struct SetupParameters: RPCParameters {
        let currency: String?
    }

    /// `settings.currency`'s.
    struct CurrencyChange: RPCParameters {
        let currency: String
    }
}
