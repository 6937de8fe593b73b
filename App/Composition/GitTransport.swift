import DataLayer
import Domain
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A household folder that is a git work tree: pull (fetch and rebase onto the upstream) before
/// an exchange, commit this device's new files and push after. Each device adds only its own
/// files, so a rebase never meets a conflict.
///
/// A `try?` on a git call below asks a question whose "no" is git's failing exit (no upstream,
/// no commit yet, changes staged, no identity set, a push refused): the failure is the answer.
struct GitTransport: FolderTransport {
    func pull(_ folder: String) throws {
        guard try hasRemote(folder) else { return }
        try git(folder, ["fetch", "--quiet"])
        let remote: String
        if let upstream = try? git(folder, ["rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{u}"]) {
            remote = String(upstream.split(separator: "\n").first ?? "")
        } else {
            // A clone of a repository that was empty then: follow the remote's one branch.
            let branches = try git(folder, ["for-each-ref", "--format=%(refname:short)", "refs/remotes/origin"])
                .split(separator: "\n").map(String.init).filter { $0 != "origin/HEAD" && $0 != "origin" }
            guard let only = branches.first, branches.count == 1 else { return }
            remote = only
        }
        if (try? git(folder, ["rev-parse", "--verify", "--quiet", "HEAD"])) == nil {
            // Nothing committed here yet: start from the remote's branch.
            try git(folder, ["checkout", "--quiet", "-B", String(remote.split(separator: "/").last ?? "main"), "--track", remote])
            return
        }
        do {
            try git(folder, ["rebase", "--quiet", "--autostash", remote])
        } catch {
            // Only files of one's own are Grock's; others (a note kept in the folder) can
            // conflict: the rebase is taken back, the repository left as it was.
            _ = try? git(folder, ["rebase", "--abort"])
            throw SyncError.git(reason: "the folder's own commits conflict with the remote's (in files that are not Grock's); the rebase was taken back: resolve it in \(folder)")
        }
    }

    func push(_ folder: String, device: String, files: [String]) throws {
        try git(folder, ["add", "--"] + files)
        if (try? git(folder, ["diff", "--cached", "--quiet"])) == nil {
            let identity = (try? git(folder, ["config", "user.email"])) == nil
                ? ["-c", "user.name=Grock", "-c", "user.email=grock@\(device).invalid"] : []
            try git(folder, identity + ["commit", "--quiet", "--no-verify", "-m", "grock: changes of device \(device)"])
        }
        guard try hasRemote(folder) else { return }
        let upstream = (try? git(folder, ["rev-parse", "--verify", "--quiet", "@{u}"])) != nil
        // Nothing to push: no network.
        if upstream, (try? git(folder, ["rev-list", "--count", "@{u}..HEAD"]))?.hasPrefix("0") == true { return }
        if (try? git(folder, upstream ? ["push", "--quiet"] : ["push", "--quiet", "-u", "origin", "HEAD"])) == nil {
            // Another device pushed meanwhile: its files are not ours, so a rebase is clean.
            try pull(folder)
            do { try git(folder, upstream ? ["push", "--quiet"] : ["push", "--quiet", "-u", "origin", "HEAD"]) } catch {
                // Lost the race twice: the merge is stored and committed here; the next sync pushes it.
                throw SyncError.git(reason: "another device pushed at the same time, twice; this device's changes are merged and committed here: run grock sync again to send them")
            }
        }
    }

    private func hasRemote(_ folder: String) throws -> Bool { !(try git(folder, ["remote"])).isEmpty }

    /// Runs git in `folder`; its output, or `SyncError.git` with its last line of errors.
    @discardableResult
    private func git(_ folder: String, _ arguments: [String]) throws -> String {
        guard let git = Programs.path(of: "git") else {
            throw SyncError.git(reason: "the household folder is a git work tree, but git is not on PATH")
        }
        var output: [Int32] = [0, 0], errors: [Int32] = [0, 0]
        guard pipe(&output) == 0, pipe(&errors) == 0 else { throw SyncError.git(reason: String(cString: strerror(errno))) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, output[1], STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, errors[1], STDERR_FILENO)
        posix_spawn_file_actions_addclose(&actions, output[0])
        posix_spawn_file_actions_addclose(&actions, errors[0])
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        // No hook and no file-system monitor of the repository's runs: they are programs the
        // folder names, and a folder is input (a `.git` another replicator brought along).
        let words = [git, "-c", "core.hooksPath=/dev/null", "-c", "core.fsmonitor=false", "-C", folder] + arguments
        let argv = words.map { strdup($0) }
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, git, &actions, nil, argv + [nil], environ)
        close(output[1])
        close(errors[1])
        defer { close(output[0]); close(errors[0]) }
        guard spawned == 0 else { throw SyncError.git(reason: String(cString: strerror(spawned))) }
        let (out, err) = drain(output[0], errors[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else {
            // git's own words: its `fatal:` or `error:` line, not the hints around it.
            let lines = err.split(separator: "\n").map(String.init)
            let line = lines.first { $0.hasPrefix("fatal: ") || $0.hasPrefix("error: ") } ?? lines.last { !$0.hasPrefix("hint:") }
            throw SyncError.git(reason: "git \(arguments.first(where: { !$0.hasPrefix("-") && $0 != "user.name=Grock" }) ?? "") failed: "
                + (line ?? "exit code \((status >> 8) & 0xFF)"))
        }
        return out
    }

    /// Reads both pipes to their ends together: read one after the other, a git that fills the
    /// second (a page of hints on stderr) would wait for room while Grock waits for the first.
    private func drain(_ output: Int32, _ errors: Int32) -> (String, String) {
        var bytes: [[UInt8]] = [[], []]
        var fds = [pollfd(fd: output, events: Int16(POLLIN), revents: 0), pollfd(fd: errors, events: Int16(POLLIN), revents: 0)]
        var buffer = [UInt8](repeating: 0, count: 4096)
        while fds.contains(where: { $0.fd >= 0 }) {
            guard poll(&fds, nfds_t(fds.count), -1) >= 0 || errno == EINTR else { break }
            for index in fds.indices where fds[index].fd >= 0 && fds[index].revents != 0 {
                let count = read(fds[index].fd, &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                // At its end (or an error) a pipe is set aside: poll passes over negative descriptors.
                if count <= 0 { fds[index].fd = -1 } else { bytes[index] += buffer[..<count] }
            }
        }
        return (String(decoding: bytes[0], as: UTF8.self), String(decoding: bytes[1], as: UTF8.self))
    }
}
