#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the system tells Grock's process about where it runs: the machine's name, and a path
/// as the current directory resolves it.
public enum Machine {
    /// The machine's host name (`gethostname`); nil when it has none or it cannot be read.
    public static func hostName() -> String? {
        // One byte more than a host name may have (255), so the name always ends in a 0.
        var name = [CChar](repeating: 0, count: 257)
        guard gethostname(&name, name.count - 1) == 0 else { return nil }
        let text = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? nil : text
    }

    /// `path` made absolute against the current directory (`path` itself when it is already);
    /// nil when the current directory cannot be told (it was removed, say).
    public static func absolutePath(_ path: String) -> String? {
        if path.hasPrefix("/") { return path }
        guard let directory = getcwd(nil, 0) else { return nil }
        defer { free(directory) }
        return String(cString: directory) + "/" + path
    }
}
