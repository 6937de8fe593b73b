import DataLayer

/// A household folder that is a git work tree: pull (fetch and rebase onto the upstream) before
/// an exchange, commit this device's new files and push after. Each device adds only its own
/// files, so a rebase never meets a conflict.
///
/// A `try?` on a git call below asks a question whose "no" is git's failing exit (no upstream,
/// no commit yet, changes staged, no identity set, a push refused): the failure is the answer,
/// and each says what a failure for another reason leads to.
public struct GitTransport: FolderTransport {
    /// The most one git call may take, in milliseconds: a fetch or push over a slow network
    /// takes seconds; one that hangs (a server that never answers) is stopped.
    static let timeout = 300_000

    /// The only variables of git's own (`GIT_…`) Grock passes on to git: which of the user's
    /// config files git reads (as `HOME` does) and whether it may prompt for a password. The
    /// others are dropped: they can point git at another repository (`GIT_DIR`, `GIT_WORK_TREE`,
    /// `GIT_INDEX_FILE`, set for instance in a hook that runs grock), add config
    /// (`GIT_CONFIG_COUNT`, `GIT_CONFIG_PARAMETERS`) or name programs (`GIT_SSH_COMMAND`,
    /// `GIT_ASKPASS`, `GIT_EXEC_PATH`); a variable git adds later is dropped too. Credentials
    /// come through what is not `GIT_…` (`HOME`, `SSH_AUTH_SOCK`, `SSH_ASKPASS`) and the user's
    /// git config (`credential.helper`, `core.sshCommand`). docs/SYNC.md says the same.
    static let keptGitVariables: Set<String> = ["GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_CONFIG_NOSYSTEM", "GIT_TERMINAL_PROMPT"]

    /// Whether the variable `name` of Grock's environment is kept from git.
    static func isRemoved(_ name: String) -> Bool { name.hasPrefix("GIT_") && !keptGitVariables.contains(name) }

    /// The transport for a household folder that is a git work tree; it keeps no state.
    public init() {}

    /// Fetches and rebases onto the upstream (or, with nothing committed here, checks out the
    /// remote's branch); nothing without a remote.
    /// - Throws: `SyncError.git` when git is missing, fails, or the rebase conflicts.
    public func pull(_ folder: String) throws {
        guard try hasRemote(folder) else { return }
        try git(folder, ["fetch", "--quiet"])
        let remote: String
        // No upstream is the failure; any other failure of rev-parse makes the for-each-ref
        // below fail in its turn, with git's own message.
        if let upstream = try? git(folder, ["rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{u}"]) {
            remote = String(upstream.split(separator: "\n").first ?? "")
        } else {
            // A clone of a repository that was empty then: follow the remote's one branch.
            let branches = try git(folder, ["for-each-ref", "--format=%(refname:short)", "refs/remotes/origin"])
                .split(separator: "\n").map(String.init).filter { $0 != "origin/HEAD" && $0 != "origin" }
            guard let only = branches.first, branches.count == 1 else { return }
            remote = only
        }
        // No commit yet is the failure; were it another, the checkout below reports it.
        if (try? git(folder, ["rev-parse", "--verify", "--quiet", "HEAD"])) == nil {
            // Nothing committed here yet: start from the remote's branch.
            // The branch as the remote names it, past the remote's name: `origin/feature/x` is `feature/x`.
            let branch = remote.split(separator: "/", maxSplits: 1).dropFirst().first.map(String.init) ?? "main"
            try git(folder, ["checkout", "--quiet", "-B", branch, "--track", remote])
            return
        }
        do {
            try git(folder, ["rebase", "--quiet", "--autostash", remote])
        } catch {
            // Only files of one's own are Grock's; others (a note kept in the folder) can
            // conflict: the rebase is taken back, the repository left as it was. An abort that
            // fails too (no rebase left to abort) changes nothing the error below does not say.
            _ = try? git(folder, ["rebase", "--abort"])
            throw SyncError.git(reason: "the folder's own commits conflict with the remote's (in files that are not Grock's); "
                                            + "the rebase was taken back: resolve it in \(folder)")
        }
    }

    /// Commits `files` (relative to `folder`) as this device's and pushes them, pulling and
    /// pushing again once when another device pushed meanwhile. Only `files` are committed:
    /// whatever else the user staged in the folder stays staged, theirs to commit.
    /// - Throws: `SyncError.git` when git is missing or fails, or the push lost the race twice.
    public func push(_ folder: String, device: String, files: [String]) throws {
        try git(folder, ["add", "--"] + files)
        // Changes of `files` staged is the failure; were it another, the commit below reports it.
        if (try? git(folder, ["diff", "--cached", "--quiet", "--"] + files)) == nil {
            // No identity set is the failure; were it another, the commit reports it.
            let identity = (try? git(folder, ["config", "user.email"])) == nil
                ? ["-c", "user.name=Grock", "-c", "user.email=grock@\(device).invalid"] : []
            try git(folder, identity + ["commit", "--quiet", "--no-verify", "--only", "-m", "grock: changes of device \(device)", "--"]
                + files)
        }
        guard try hasRemote(folder) else { return }
        // No upstream is the failure; were it another, the push without one reports it.
        let upstream = (try? git(folder, ["rev-parse", "--verify", "--quiet", "@{u}"])) != nil
        // Nothing to push: no network. A count that fails only costs a push that finds nothing.
        if upstream, (try? git(folder, ["rev-list", "--count", "@{u}..HEAD"]))?.hasPrefix("0") == true { return }
        // A push refused is the failure handled here. Any other (the network down) fails the
        // pull's fetch, or the second push, which reports it with git's own message.
        if (try? git(folder, upstream ? ["push", "--quiet"] : ["push", "--quiet", "-u", "origin", "HEAD"])) == nil {
            // Another device pushed meanwhile: its files are not ours, so a rebase is clean.
            try pull(folder)
            do { try git(folder, upstream ? ["push", "--quiet"] : ["push", "--quiet", "-u", "origin", "HEAD"]) } catch {
                // Lost the race twice: the merge is stored and committed here; the next sync pushes it.
                throw SyncError.git(reason: "another device pushed at the same time, twice; "
                                                + "this device's changes are merged and committed here: run grock sync again to send them")
            }
        }
    }

    /// The git command `arguments` run, which messages name: `commit` of
    /// `-c user.name=Grock -c user.email=… commit --quiet`, past the options before it.
    static func command(in arguments: [String]) -> String {
        var words = arguments[...]
        while let word = words.first, word.hasPrefix("-") { words = words.dropFirst(word == "-c" ? 2 : 1) }
        return words.first ?? ""
    }

    private func hasRemote(_ folder: String) throws -> Bool { !(try git(folder, ["remote"])).isEmpty }

    /// Runs git in `folder`; its output, or `SyncError.git` with its last line of errors.
    @discardableResult
    private func git(_ folder: String, _ arguments: [String]) throws -> String {
        guard let git = Programs.path(of: "git") else {
            throw SyncError.git(reason: "the household folder is a git work tree, but git is not on PATH")
        }
        let command = Self.command(in: arguments)
        // No hook and no file-system monitor of the repository's runs: they are programs the
        // folder names at every command. Other settings of its `.git/config` still apply, as to
        // the user's own git (a filter, `core.sshCommand`): docs/SYNC.md says to let only git
        // carry a git folder, never a second replicator that could bring another's `.git`.
        let words = ["-c", "core.hooksPath=/dev/null", "-c", "core.fsmonitor=false", "-C", folder] + arguments
        let outcome: ProcessRunner.Outcome
        do {
            outcome = try ProcessRunner.run(git, words, removing: Self.isRemoved, timeout: Self.timeout)
        } catch ProcessRunner.Failure.notStarted(let reason) {
            throw SyncError.git(reason: reason)
        } catch {
            throw SyncError.git(reason: "git \(command) \(error)")
        }
        guard let code = outcome.exitCode, code == 0 else {
            // git's own words: its `fatal:` or `error:` line, not the hints around it.
            let lines = String(decoding: outcome.errors, as: UTF8.self).split(separator: "\n").map(String.init)
            let line = lines.first { $0.hasPrefix("fatal: ") || $0.hasPrefix("error: ") } ?? lines.last { !$0.hasPrefix("hint:") }
            throw SyncError.git(reason: "git \(command) failed: "
                                    + (line ?? outcome.exitCode.map { "exit code \($0)" } ?? "ended by a signal"))
        }
        return String(decoding: outcome.output, as: UTF8.self)
    }
}
