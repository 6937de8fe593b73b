/// This build of Grock, for `--version` and the RPC front's `rpc.discover`.
public enum GrockVersion {
    public static let number = "0.1.0"
}
