import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Real Syncthing instances on loopback, for the tests that carry a household's folder with it:
/// each with its own home (config, keys, database) and folder under one temporary directory,
/// its REST API on 127.0.0.1 with a key of the test's, every other instance a device (each
/// dialing those before it at their static loopback addresses), one send-receive folder shared
/// by all. Nothing leaves the machine: global and local discovery, relays, NAT traversal, usage
/// reports, crash reports and upgrades are off.
final class SyncthingCluster {
    static let folderID = "grock-household"
    /// How long any one wait (an instance up, connected, a change carried) may take.
    static let timeout: TimeInterval = 30

    let root: TemporaryDirectory
    let instances: [Syncthing]

    /// Generates and configures one instance per name; starts none.
    init(executable: String, names: [String]) throws {
        let root = try TemporaryDirectory()
        do {
            let ports = try Self.freePorts(2 * names.count)
            var instances: [Syncthing] = []
            for (index, name) in names.enumerated() {
                instances.append(try Syncthing(executable: executable, name: name, directory: root.path + "/" + name,
                                               apiPort: ports[2 * index], listenPort: ports[2 * index + 1]))
            }
            // Each dials those before it: one connection per pair, and an instance restarted
            // reconnects at once to those before it (the others wait for its dial).
            for (index, instance) in instances.enumerated() {
                try instance.configure(peers: instances.filter { $0 !== instance }, dialing: Array(instances[..<index]))
            }
            self.root = root
            self.instances = instances
        } catch {
            root.remove()
            throw error
        }
    }

    /// Starts every instance, each once those before it answer (so that its first dial finds
    /// them listening), and waits until each is connected to every other.
    func start() throws {
        for instance in instances { try instance.start() }
        try waitConnected()
    }

    func waitConnected() throws {
        try Self.wait("every Syncthing instance to connect to every other") {
            var missing: [String] = []
            for instance in instances where instance.isRunning {
                let connections = try instance.json("GET", "/rest/system/connections")["connections"] as? [String: Any] ?? [:]
                for peer in instances where peer !== instance && peer.isRunning {
                    if (connections[peer.deviceID] as? [String: Any])?["connected"] as? Bool != true {
                        missing.append("\(instance.name)-\(peer.name)") }
                }
            }
            return missing.isEmpty ? nil : "not connected: " + missing.joined(separator: ", ")
        }
    }

    /// Stops every instance (SIGTERM, then SIGKILL) and removes the directory; for `defer`.
    func remove() {
        for instance in instances { instance.stop() }
        root.remove()
    }

    /// Has each of `writers` scan the folder now, then waits until every running instance holds
    /// the same folder: each idle and needing nothing, each seeing every other at 100%, all
    /// agreeing on the global state, and the folders' files (Syncthing's own aside) equal byte
    /// for byte.
    func settle(scanning writers: [Syncthing]) throws {
        for writer in writers { try writer.scan() }
        let running = instances.filter(\.isRunning)
        try Self.wait("Syncthing to carry the folder to every instance") {
            var problems: [String] = []
            var globals: [String: [String]] = [:]
            for instance in running {
                let status = try instance.json("GET", "/rest/db/status?folder=\(Self.folderID)")
                let state = status["state"] as? String ?? "?", need = Self.number(status["needTotalItems"])
                if state != "idle" || need != 0 { problems.append("\(instance.name) is \(state), needing \(need) items") }
                let global = ["globalFiles", "globalDirectories", "globalDeleted", "globalBytes"].map { "\(Self.number(status[$0]))" }
                globals[global.joined(separator: "/"), default: []].append(instance.name)
                for peer in running where peer !== instance {
                    let completion = try instance.json("GET", "/rest/db/completion?device=\(peer.deviceID)&folder=\(Self.folderID)")
                    let percent = Self.number(completion["completion"])
                    if percent != 100 || Self.number(completion["needItems"]) != 0 || Self.number(completion["needDeletes"]) != 0 {
                        problems.append("\(instance.name) sees \(peer.name) at \(percent)%")
                    }
                }
            }
            if globals.count > 1 { problems.append("global states differ (files/directories/deleted/bytes): \(globals)") }
            if problems.isEmpty, let first = running.first {
                let files = first.files()
                for other in running.dropFirst() {
                    let theirs = other.files()
                    let differing = Set(files.keys).union(theirs.keys).filter { files[$0] != theirs[$0] }.sorted()
                    if !differing.isEmpty { problems.append("\(first.name) and \(other.name) differ in \(differing.prefix(5))") }
                }
            }
            return problems.isEmpty ? nil : problems.joined(separator: "; ")
        }
    }

    /// Polls `check` (nil: done; else what is still missing) every 100 ms until it is done, or
    /// throws after `timeout` seconds, saying what was still missing.
    static func wait(_ what: String, timeout: TimeInterval = SyncthingCluster.timeout, _ check: () throws -> String?) throws {
        let deadline = Date().addingTimeInterval(timeout)
        var last = "nothing checked"
        while true {
            do {
                guard let missing = try check() else { return }
                last = missing
            } catch let gone as Gone {
                throw Grock.Failure(gone.description)
            } catch {
                last = "\(error)"
            }
            if Date() > deadline { throw Grock.Failure("timed out after \(Int(timeout)) s waiting for \(what): \(last)") }
            usleep(100_000)
        }
    }

    /// What ends a wait at once: a process that is gone will not come back.
    struct Gone: Error, CustomStringConvertible { let description: String }

    static func number(_ value: Any?) -> Double { (value as? NSNumber)?.doubleValue ?? .nan }

    /// `count` different free TCP ports on 127.0.0.1, below the kernel's range of ephemeral ports
    /// (so no outgoing connection, of Syncthing's or anyone's, takes one before its listener
    /// does); each is checked by binding it, and all stay bound until all are chosen.
    static func freePorts(_ count: Int) throws -> [UInt16] {
        let range = (try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8))?
            .split(whereSeparator: \.isWhitespace).compactMap { Int($0) } ?? []
        let low = range.first ?? 32768
        let candidates = low >= 12_000 ? Array((low - 10_000)..<low).shuffled() : []
        var sockets: [Int32] = [], ports: [UInt16] = []
        defer { sockets.forEach { close($0) } }
        for port in candidates.lazy.map({ UInt16($0) }) where ports.count < count {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { throw Grock.Failure("socket: errno \(errno)") }
            let bound = loopback(port) { bind(fd, $0, $1) }
            sockets.append(fd)
            if bound == 0 { ports.append(port) }
        }
        guard ports.count == count else { throw Grock.Failure("found \(ports.count) free ports below \(low), not \(count)") }
        return ports
    }
}
