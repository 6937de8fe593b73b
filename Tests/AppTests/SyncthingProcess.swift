import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Real Syncthing instances on loopback, for the tests that carry a household's folder with it:
/// each with its own home (config, keys, database) and folder under one temporary directory,
/// its REST API on 127.0.0.1 with a key of the test's, every other instance a device at a static
/// loopback address, one send-receive folder shared by all. Nothing leaves the machine: global
/// and local discovery, relays, NAT traversal, usage reports, crash reports and upgrades are off.
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
            for instance in instances { try instance.configure(peers: instances.filter { $0 !== instance }) }
            self.root = root
            self.instances = instances
        } catch {
            root.remove()
            throw error
        }
    }

    /// Starts every instance and waits until each is connected to every other.
    func start() throws {
        for instance in instances { try instance.launch() }
        for instance in instances { try instance.waitReady() }
        try waitConnected()
    }

    func waitConnected() throws {
        try Self.wait("every Syncthing instance to connect to every other") {
            var missing: [String] = []
            for instance in instances where instance.isRunning {
                let connections = try instance.json("GET", "/rest/system/connections")["connections"] as? [String: Any] ?? [:]
                for peer in instances where peer !== instance && peer.isRunning {
                    if (connections[peer.deviceID] as? [String: Any])?["connected"] as? Bool != true { missing.append("\(instance.name)-\(peer.name)") }
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

/// One Syncthing instance: `directory/home` (its config and database) and `directory/folder`
/// (the shared folder).
final class Syncthing {
    let name: String
    let executable: String
    let home: String
    let folder: String
    let apiPort: UInt16
    let listenPort: UInt16
    let apiKey: String
    let deviceID: String
    private var process: Process?

    init(executable: String, name: String, directory: String, apiPort: UInt16, listenPort: UInt16) throws {
        self.name = name
        self.executable = executable
        self.home = directory + "/home"
        self.folder = directory + "/folder"
        self.apiPort = apiPort
        self.listenPort = listenPort
        self.apiKey = "grock-test-" + UUID().uuidString.lowercased()
        try FileManager.default.createDirectory(atPath: folder + "/.stfolder", withIntermediateDirectories: true)
        let generate = try runTool(executable, ["generate", "--home=\(home)", "--no-default-folder", "--skip-port-probing"])
        guard generate.status == 0 else { throw Grock.Failure("syncthing generate exited \(generate.status) for \(name)") }
        let config = try String(contentsOfFile: home + "/config.xml", encoding: .utf8)
        guard let start = config.range(of: "<device id=\""), let end = config[start.upperBound...].firstIndex(of: "\"") else {
            throw Grock.Failure("no device id in \(name)'s generated config.xml")
        }
        deviceID = String(config[start.upperBound..<end])
    }

    var isRunning: Bool { process?.isRunning == true }
    var logFile: String { home + "/syncthing.log" }

    /// Edits the generated config.xml: REST on 127.0.0.1:apiPort with our key, listening on
    /// 127.0.0.1:listenPort only, nothing announced, relayed, reported or upgraded, quick
    /// reconnection; the peers as devices at their static addresses; the shared folder.
    func configure(peers: [Syncthing]) throws {
        var xml = try String(contentsOfFile: home + "/config.xml", encoding: .utf8)
        func replace(from open: String, to close: String, with text: String) throws {
            guard let start = xml.range(of: open), let end = xml[start.lowerBound...].range(of: close) else {
                throw Grock.Failure("\(name)'s config.xml has no \(open)...\(close)")
            }
            xml.replaceSubrange(start.lowerBound..<end.upperBound, with: text)
        }
        for (option, value) in [("listenAddress", "tcp://127.0.0.1:\(listenPort)"), ("globalAnnounceEnabled", "false"),
                                ("localAnnounceEnabled", "false"), ("relaysEnabled", "false"), ("natEnabled", "false"),
                                ("urAccepted", "-1"), ("autoUpgradeIntervalH", "0"), ("crashReportingEnabled", "false"),
                                ("reconnectionIntervalS", "1"), ("startBrowser", "false"), ("setLowPriority", "false")] {
            try replace(from: "<\(option)>", to: "</\(option)>", with: "<\(option)>\(value)</\(option)>")
        }
        let gui = """
            <gui enabled="true" tls="false" debugging="false">
                    <address>127.0.0.1:\(apiPort)</address>
                    <apikey>\(apiKey)</apikey>
                    <theme>default</theme>
                </gui>
            """
        try replace(from: "<gui ", to: "</gui>", with: gui)
        let devices = peers.map { peer in
            """
                <device id="\(peer.deviceID)" name="\(peer.name)" compression="metadata" introducer="false">
                        <address>tcp://127.0.0.1:\(peer.listenPort)</address>
                        <paused>false</paused>
                    </device>

            """
        }.joined()
        let shared = ([self] + peers).map { "            <device id=\"\($0.deviceID)\"></device>\n" }.joined()
        let folderXML = """
                <folder id="\(SyncthingCluster.folderID)" label="grock" path="\(folder)" type="sendreceive" rescanIntervalS="10" fsWatcherEnabled="true" fsWatcherDelayS="1" ignorePerms="false" autoNormalize="true">
                    <filesystemType>basic</filesystemType>
            \(shared)        <minDiskFree unit="%">0</minDiskFree>
                    <maxConflicts>10</maxConflicts>
                    <markerName>.stfolder</markerName>
                    <paused>false</paused>
                </folder>

            """
        guard let gui = xml.range(of: "    <gui ") else { throw Grock.Failure("\(name)'s config.xml has no <gui>") }
        xml.insert(contentsOf: folderXML + devices, at: gui.lowerBound)
        try xml.write(toFile: home + "/config.xml", atomically: true, encoding: .utf8)
    }

    /// Starts `syncthing serve` and waits until its REST API answers with the configuration
    /// this test wrote.
    func start() throws {
        try launch()
        try waitReady()
    }

    /// Starts `syncthing serve`, waiting for nothing.
    func launch() throws {
        guard !isRunning else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["serve", "--home=\(home)", "--no-browser", "--no-restart", "--no-upgrade", "--logfile=\(logFile)"]
        process.environment = ["STNORESTART": "1", "STNOUPGRADE": "1", "HOME": home, "PATH": "/usr/bin:/bin"]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
    }

    /// Waits until the REST API answers with the configuration this test wrote.
    func waitReady() throws {
        guard let process else { throw Grock.Failure("\(name)'s Syncthing was not started") }
        try SyncthingCluster.wait("\(name)'s Syncthing to answer on 127.0.0.1:\(apiPort)") {
            guard process.isRunning else { throw SyncthingCluster.Gone(description: "\(name)'s Syncthing exited \(process.terminationStatus): \(logTail())") }
            let folder = try json("GET", "/rest/config/folders/\(SyncthingCluster.folderID)")
            let options = try json("GET", "/rest/config/options")
            guard folder["type"] as? String == "sendreceive", SyncthingCluster.number(folder["fsWatcherDelayS"]) == 1,
                  SyncthingCluster.number(folder["maxConflicts"]) == 10,
                  options["listenAddresses"] as? [String] == ["tcp://127.0.0.1:\(listenPort)"],
                  options["globalAnnounceEnabled"] as? Bool == false, options["relaysEnabled"] as? Bool == false else {
                throw SyncthingCluster.Gone(description: "\(name)'s Syncthing does not run the configuration written: \(folder) \(options)")
            }
            return nil
        }
    }

    /// SIGTERM to `syncthing serve` (which stops its child), SIGKILL to both after 10 s.
    func stop() {
        guard let process else { return }
        self.process = nil
        guard process.isRunning else { return }
        let family = [process.processIdentifier] + Self.descendants(of: process.processIdentifier)
        kill(process.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline && family.contains(where: Self.isSyncthing) { usleep(50_000) }
        for pid in family where Self.isSyncthing(pid) { kill(pid, SIGKILL) }
        process.waitUntilExit()
    }

    func scan() throws { _ = try request("POST", "/rest/db/scan?folder=\(SyncthingCluster.folderID)") }

    /// Limits what this instance receives to `kibibytesPerSecond` (0: no limit), loopback too.
    func throttle(receiving kibibytesPerSecond: Int) throws {
        _ = try request("PATCH", "/rest/config/options", body: "{\"maxRecvKbps\": \(kibibytesPerSecond), \"limitBandwidthInLan\": \(kibibytesPerSecond > 0)}")
    }

    /// Pauses the shared folder (this instance neither sends nor receives it), or resumes it.
    func pause(_ paused: Bool) throws {
        _ = try request("PATCH", "/rest/config/folders/\(SyncthingCluster.folderID)", body: "{\"paused\": \(paused)}")
    }

    /// The folder's files by relative path, without Syncthing's own (`.stfolder`, temporary files).
    func files() -> [String: Foundation.Data] {
        var files: [String: Foundation.Data] = [:]
        for relative in FileManager.default.subpaths(atPath: folder) ?? [] {
            let base = (relative as NSString).lastPathComponent
            if relative == ".stfolder" || relative.hasPrefix(".stfolder/") || (base.hasPrefix(".syncthing.") && base.hasSuffix(".tmp")) { continue }
            var directory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + relative, isDirectory: &directory), !directory.boolValue {
                files[relative] = FileManager.default.contents(atPath: folder + "/" + relative)
            }
        }
        return files
    }

    func logTail() -> String {
        String((try? String(contentsOfFile: logFile, encoding: .utf8))?.suffix(1500) ?? "(no log)")
    }

    /// A REST call answered with a JSON object.
    func json(_ method: String, _ path: String) throws -> [String: Any] {
        let body = try request(method, path)
        guard let object = try JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            throw Grock.Failure("\(name): \(method) \(path) did not answer a JSON object")
        }
        return object
    }

    /// One HTTP/1.0 request to the REST API (so the answer is not chunked and ends with the
    /// connection); the body of a 200 answer, else a failure.
    func request(_ method: String, _ path: String, body: String = "") throws -> Foundation.Data {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Grock.Failure("socket: errno \(errno)") }
        defer { close(fd) }
        var timeout = timeval(tv_sec: Int(SyncthingCluster.timeout), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected = loopback(apiPort) { connect(fd, $0, $1) }
        guard connected == 0 else { throw Grock.Failure("\(name): cannot connect to 127.0.0.1:\(apiPort) (errno \(errno))") }
        let payload = Array(body.utf8)
        let head = "\(method) \(path) HTTP/1.0\r\nHost: 127.0.0.1:\(apiPort)\r\nX-API-Key: \(apiKey)\r\n"
            + "Content-Type: application/json\r\nContent-Length: \(payload.count)\r\n\r\n"
        let message = Array(head.utf8) + payload
        var sent = 0
        while sent < message.count {
            let count = message[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw Grock.Failure("\(name): \(method) \(path): send failed (errno \(errno))") }
            sent += count
        }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count == 0 { break }
            guard count > 0 else { throw Grock.Failure("\(name): \(method) \(path): no answer (errno \(errno))") }
            answer += buffer[..<count]
        }
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = answer.indices.first(where: { answer[$0...].starts(with: separator) }) else {
            throw Grock.Failure("\(name): \(method) \(path): a broken answer")
        }
        let status = String(decoding: answer[..<end], as: UTF8.self).split(separator: " ").dropFirst().first.flatMap { Int($0) }
        let content = Foundation.Data(answer[(end + 4)...])
        guard status == 200 else {
            throw Grock.Failure("\(name): \(method) \(path) answered \(status.map(String.init) ?? "?"): \(String(decoding: content, as: UTF8.self))")
        }
        return content
    }

    /// The processes below `pid`, from /proc.
    static func descendants(of pid: pid_t) -> [pid_t] {
        var parents: [pid_t: pid_t] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let child = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, let parent = pid_t(fields[1]) { parents[child] = parent }
        }
        var found: [pid_t] = [], frontier = [pid]
        while let next = frontier.popLast() {
            let children = parents.filter { $0.value == next }.map(\.key)
            found += children
            frontier += children
        }
        return found
    }

    /// Whether `pid` is still a live syncthing process (not a zombie, not a reused number).
    static func isSyncthing(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else { return false }
        return stat.contains("(syncthing)") && stat[stat.index(after: close)...].split(separator: " ").first != "Z"
    }
}

/// Calls `body` (`bind`, `connect`) with the address 127.0.0.1:`port`.
func loopback(_ port: UInt16, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32) -> Int32 {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
}
