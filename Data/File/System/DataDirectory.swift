/// Where the user's data lives: `--data-dir`, else `$GROCK_HOME`, else `$XDG_DATA_HOME/grock`,
/// else `~/.local/share/grock`.
public enum DataDirectory {
    /// - Returns: nil when nothing names a directory (no flag, no `HOME`), or when the flag is
    ///   given empty: a directory asked for is never swapped for the default one. (An empty
    ///   environment variable counts as unset, as usual.)
    public static func resolve(flag: String?, environment: [String: String]) -> String? {
        if let flag { return flag.isEmpty ? nil : flag }
        if let home = environment["GROCK_HOME"], !home.isEmpty { return home }
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty { return xdg + "/grock" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.local/share/grock" }
        return nil
    }
}
