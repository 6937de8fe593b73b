#if canImport(Glibc)
import Glibc
import GlibcExtras
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs another program (git, tesseract) to its end and hands back what it wrote: both its
/// output and its errors are read together, so a program that fills one pipe while Grock waits
/// on the other cannot stall either; and it is killed past its time, whether it hangs writing or
/// after closing its outputs, so a hung program cannot hang Grock.
///
/// What it started in turn (git's `git-remote-https`, ssh, hooks) is killed with it
/// (`ProcessTree`). It inherits no descriptor but its standard three, whatever another thread
/// opened meanwhile without close-on-exec.
public enum ProcessRunner {
    /// How a program ended and what it wrote.
    public struct Outcome: Sendable {
        /// Its exit code, or nil when a signal ended it.
        public let exitCode: Int32?
        /// What it wrote to its standard output.
        public let output: [UInt8]
        /// What it wrote to its standard error, up to the run's `maximumBytes`.
        public let errors: [UInt8]
    }

    /// Why a program did not run to its end.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// It could not be started: the reason (`strerror`).
        case notStarted(String)
        /// It ran past its time and was killed.
        case timedOut
        /// It wrote more output than it was allowed and was killed.
        case tooMuchOutput
        /// Its outputs could not be watched (`poll` failed: the reason) and it was killed.
        case unwatchable(String)

        /// What happened, as the end of a sentence naming the program ("git fetch ran out of time…").
        public var description: String {
            switch self {
            case .notStarted(let reason): reason
            case .timedOut: "ran out of time and was stopped"
            case .tooMuchOutput: "wrote more than expected and was stopped"
            case .unwatchable(let reason): "could not be watched (\(reason)) and was stopped"
            }
        }
    }

    /// Runs `executable` with `arguments` (without the program's own name), standard input
    /// from /dev/null, every signal at its default and unblocked, and the environment Grock
    /// has, less the variables `removing` names, plus `addedEnvironment` (`NAME=value`).
    /// - Parameters:
    ///   - removing: whether a variable of Grock's environment, by its name, is kept from the program.
    ///   - timeout: the most the program may take, in milliseconds, from its start to its end
    ///     (not only to the end of its outputs).
    ///   - maximumBytes: the most it may write to its output; of its errors, what is past this is
    ///     read and dropped.
    /// - Throws: `Failure.notStarted` when it cannot be started; `.timedOut`, `.tooMuchOutput`
    ///   or `.unwatchable` when it had to be killed.
    public static func run(_ executable: String, _ arguments: [String], removing: (_ name: String) -> Bool = { _ in false },
                           addedEnvironment: [String] = [], timeout: Int, maximumBytes: Int = 64 << 20) throws(Failure) -> Outcome {
        var output: [Int32] = [-1, -1], errors: [Int32] = [-1, -1]
        guard pipe(&output) == 0, pipe(&errors) == 0 else {
            let reason = String(cString: strerror(errno))
            (output + errors).filter { $0 >= 0 }.forEach { close($0) }
            throw Failure.notStarted(reason)
        }
        defer { close(output[0]); close(errors[0]) }
        let started = Result { () throws(Failure) in
            try spawn(executable, arguments, removing, addedEnvironment, output: output[1], errors: errors[1])
        }
        close(output[1])
        close(errors[1])
        let pid = try started.get()
        let deadline = monotonicMilliseconds() + Int64(max(0, timeout))
        let drained = drain(output[0], errors[0], until: deadline, maximumBytes: maximumBytes)
        // A program can close its outputs and go on (or hang): its end is waited for until the
        // same deadline, then it is killed like one that hangs writing.
        let ended: Result<Int32, Failure> = drained.failure.map { .failure($0) } ?? waitForEnd(pid, until: deadline)
        switch ended {
        case .success(let status):
            let exited = status & 0x7F == 0
            return Outcome(exitCode: exited ? (status >> 8) & 0xFF : nil, output: drained.bytes[0], errors: drained.bytes[1])
        case .failure(let failure):
            // Before the program is reaped, so that its id cannot be another's.
            ProcessTree.end(pid)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            throw failure
        }
    }

    /// The status the program `pid` ended with, once ended (and reaped) before `deadline`
    /// (monotonic ms); `.timedOut` when it runs on, `.unwatchable` when it cannot be waited for.
    private static func waitForEnd(_ pid: pid_t, until deadline: Int64) -> Result<Int32, Failure> {
        var pause: Int64 = 1
        while true {
            var status: Int32 = 0
            let ended = waitpid(pid, &status, WNOHANG)
            if ended == pid { return .success(status) }
            // Never a status made up: a program whose end cannot be seen did not succeed.
            if ended < 0 && errno != EINTR { return .failure(.unwatchable(String(cString: strerror(errno)))) }
            let left = deadline - monotonicMilliseconds()
            guard left > 0 else { return .failure(.timedOut) }
            pause = min(pause * 2, 50, left)
            usleep(useconds_t(pause * 1000))
        }
    }

    private static func spawn(_ executable: String, _ arguments: [String], _ removing: (String) -> Bool, _ addedEnvironment: [String],
                              output: Int32, errors: Int32) throws(Failure) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        try check(posix_spawn_file_actions_init(&actions), "posix_spawn_file_actions_init")
        defer { posix_spawn_file_actions_destroy(&actions) }
        try check(posix_spawn_file_actions_adddup2(&actions, output, STDOUT_FILENO), "posix_spawn_file_actions_adddup2")
        try check(posix_spawn_file_actions_adddup2(&actions, errors, STDERR_FILENO), "posix_spawn_file_actions_adddup2")
        try check(posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0), "posix_spawn_file_actions_addopen")
        // Nothing else of Grock's: a descriptor made without close-on-exec, or made by
        // socket(), accept() or pipe() and not marked yet while another thread starts a program.
        #if canImport(Glibc)
        try check(grock_spawn_close_from(&actions, 3), "posix_spawn_file_actions_addclosefrom_np")
        let flags = POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK
        #elseif canImport(Darwin)
        let flags = POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_CLOEXEC_DEFAULT
        #endif
        let argv = ([executable] + arguments).map { strdup($0) }
        let added = addedEnvironment.map { strdup($0) }
        defer { (argv + added).forEach { free($0) } }
        // Grock's own entries are passed as they are (bytes, not text); only their names are read.
        // Nothing in Grock calls setenv or putenv, so no thread changes `environ` under this walk.
        var environment: [UnsafeMutablePointer<CChar>?] = []
        var index = 0
        while let entry = environ[index] {
            let name = UnsafeBufferPointer(start: entry, count: strcspn(entry, "=")).map { UInt8(bitPattern: $0) }
            if !removing(String(decoding: name, as: UTF8.self)) { environment.append(entry) }
            index += 1
        }
        // Every signal as a program starts with it (default, unblocked), not as Grock keeps them:
        // Grock ignores SIGPIPE (App/grock/main.swift), and an ignored signal stays ignored
        // across exec, so a program writing to a reader gone would go on instead of ending.
        var attributes = posix_spawnattr_t()
        try check(posix_spawnattr_init(&attributes), "posix_spawnattr_init")
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t(), none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        try check(posix_spawnattr_setsigdefault(&attributes, &all), "posix_spawnattr_setsigdefault")
        try check(posix_spawnattr_setsigmask(&attributes, &none), "posix_spawnattr_setsigmask")
        try check(posix_spawnattr_setflags(&attributes, Int16(flags)), "posix_spawnattr_setflags")
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv + [nil], environment + added + [nil])
        // The program's own failure to start (no such file, not executable) in strerror's words alone.
        guard spawned == 0 else { throw .notStarted(String(cString: strerror(spawned))) }
        return pid
    }

    /// Throws unless `result`, what a posix_spawn setup call returned, is 0: these return an
    /// errno value (never -1 with `errno` set), and a run set up only in part must not start.
    private static func check(_ result: Int32, _ call: String) throws(Failure) {
        guard result == 0 else { throw .notStarted("\(call): \(String(cString: strerror(result)))") }
    }

    /// Reads both pipes to their ends together, until `deadline` (monotonic ms) or past
    /// `maximumBytes` of output.
    private static func drain(_ output: Int32, _ errors: Int32, until deadline: Int64,
                              maximumBytes: Int) -> (bytes: [[UInt8]], failure: Failure?) {
        var bytes: [[UInt8]] = [[], []]
        var fds = [pollfd(fd: output, events: Int16(POLLIN), revents: 0), pollfd(fd: errors, events: Int16(POLLIN), revents: 0)]
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while fds.contains(where: { $0.fd >= 0 }) {
            let left = deadline - monotonicMilliseconds()
            guard left > 0 else { return (bytes, .timedOut) }
            let ready = poll(&fds, nfds_t(fds.count), Int32(min(left, Int64(Int32.max))))
            if ready < 0 && errno != EINTR { return (bytes, .unwatchable(String(cString: strerror(errno)))) }
            for index in fds.indices where ready > 0 && fds[index].fd >= 0 && fds[index].revents != 0 {
                let count = read(fds[index].fd, &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                // At its end (or an error) a pipe is set aside: poll passes over negative descriptors.
                if count <= 0 {
                    fds[index].fd = -1
                } else if bytes[index].count <= maximumBytes {
                    bytes[index] += buffer[..<count]
                }
                if index == 0 && bytes[0].count > maximumBytes { return (bytes, .tooMuchOutput) }
            }
        }
        return (bytes, nil)
    }

    private static func monotonicMilliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }
}
