/// This build of Grock, for `--version` and the RPC front's `rpc.discover`.
public enum GrockVersion {
    /// The version number, without a name (`0.1.0`); the web front's handshake sends it too.
    public static let number = "0.1.0"
}
