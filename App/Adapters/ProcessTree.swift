#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program and what it started, killed together when the program must be stopped (a
/// timeout): git's `git-remote-https`, ssh or a hook would otherwise live on.
///
/// The program stays in Grock's process group, as any command a shell runs: the terminal's
/// Ctrl-C reaches all of them, and a prompt at the terminal (ssh's passphrase, git's password)
/// still works. A group or session of its own would have kept the terminal from it. So its
/// descendants are found by their parent ids in `/proc` instead, each stopped as it is found
/// (a stopped process starts nothing more), then all are killed.
enum ProcessTree {
    /// The most rounds of looking for descendants: each round finds those started before the last
    /// stop, so a few suffice; a bound keeps a hostile fork loop from holding Grock.
    static let rounds = 8

    /// Kills `root` (not reaped yet, so its id is still its) and every descendant found.
    static func end(_ root: pid_t) {
        kill(root, SIGSTOP)
        var found: Set<pid_t> = [root]
        for _ in 0..<rounds {
            let more = parents().filter { !found.contains($0.key) && found.contains($0.value) }.keys
            guard !more.isEmpty else { break }
            for pid in more { kill(pid, SIGSTOP) }
            found.formUnion(more)
        }
        for pid in found { kill(pid, SIGKILL) }
    }

    /// Each process's parent, from `/proc/PID/stat` ("PID (NAME) STATE PPID ..."; the name may
    /// hold spaces and parentheses, so the fields are read after the last ')'). Empty where
    /// there is no `/proc`: then only the program itself is killed.
    static func parents() -> [pid_t: pid_t] {
        var parents: [pid_t: pid_t] = [:]
        guard let directory = opendir("/proc") else { return parents }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let pid = pid_t(name), let stat = small("/proc/\(name)/stat"),
                  let nameEnd = stat.lastIndex(of: UInt8(ascii: ")")) else { continue }
            let fields = stat[(nameEnd + 1)...].split(separator: UInt8(ascii: " "))
            if fields.count > 1, let parent = pid_t(String(decoding: fields[1], as: UTF8.self)) { parents[pid] = parent }
        }
        return parents
    }

    /// A file of at most 1 KiB (a `stat` line), or nil.
    private static func small(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 1024)
        let count = read(descriptor, &bytes, bytes.count)
        return count > 0 ? Array(bytes.prefix(count)) : nil
    }
}
