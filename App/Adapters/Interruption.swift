#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// What a signal that ends Grock does while `ProcessRunner` runs a program. The program is in
/// a session and process group of its own, so a terminal's Ctrl-C (SIGINT), Ctrl-\ (SIGQUIT),
/// a hang-up (SIGHUP) or a shell's `kill %1` (SIGTERM) reach Grock alone; each of these kills
/// the group of every program running, then ends Grock as it would have (its default action):
/// the shell sees Grock ended by the signal, and no git, ssh or hook lives on.
///
/// The handler is installed when the first program starts, for each of these signals that is
/// still at its default (one the host ignores or handles is left as it is), and stays: with no
/// program running it does what the default does. It allocates nothing and calls only
/// async-signal-safe functions (atomic loads, `kill`, `signal`, `raise`).
enum Interruption {
    /// The signals that end Grock by default and no longer reach its programs.
    static let signals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
    /// How many programs running at once are killed with Grock (Grock runs one at a time on a
    /// thread); one past them is not, and ends when it next writes to Grock gone.
    static let capacity = 8

    /// The groups of the programs running (0: a free slot). Only ever reached through its
    /// atomics, by a starting thread and by the handler.
    nonisolated(unsafe) private static let groups: UnsafeMutablePointer<Atomic<Int32>> = {
        let slots = UnsafeMutablePointer<Atomic<Int32>>.allocate(capacity: capacity)
        for index in 0..<capacity { (slots + index).initialize(to: Atomic(0)) }
        return slots
    }()

    /// Installed once, when the first program starts.
    private static let installed: Bool = {
        for signal in signals where isDefault(signal) { install(signal) }
        return true
    }()

    /// The program whose group is `group` has started: the signals kill it with Grock. The
    /// slots are made before the handler that reads them is installed (nothing is made in it).
    static func started(group: pid_t) {
        _ = (0..<capacity).first { groups[$0].compareExchange(expected: 0, desired: group, ordering: .sequentiallyConsistent).exchanged }
        _ = installed
    }

    /// The program whose group is `group` has ended (or was killed and reaped).
    static func ended(group: pid_t) {
        for index in 0..<capacity {
            if groups[index].compareExchange(expected: group, desired: 0, ordering: .sequentiallyConsistent).exchanged { return }
        }
    }

    /// The handler: every group kept is killed, then the signal ends Grock by its default action.
    private static let ending: @convention(c) (Int32) -> Void = { number in
        for index in 0..<Interruption.capacity {
            let group = Interruption.groups[index].load(ordering: .sequentiallyConsistent)
            if group > 0 { kill(-group, SIGKILL) }
        }
        _ = signal(number, SIG_DFL)
        raise(number)
    }

    #if canImport(Glibc)
    /// Whether `signal` is at its default action (no handler, not ignored).
    private static func isDefault(_ signal: Int32) -> Bool {
        var current = sigaction()
        sigaction(signal, nil, &current)
        return current.__sigaction_handler.sa_handler == nil
    }

    private static func install(_ signal: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = ending
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, nil)
    }
    #elseif canImport(Darwin)
    private static func isDefault(_ signal: Int32) -> Bool {
        var current = sigaction()
        sigaction(signal, nil, &current)
        return current.__sigaction_u.__sa_handler == nil
    }

    private static func install(_ signal: Int32) {
        var action = sigaction()
        action.__sigaction_u.__sa_handler = ending
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, nil)
    }
    #endif
}
