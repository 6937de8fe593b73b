import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

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

    /// Starts `syncthing serve` and waits until its REST API answers with the configuration
    /// this test wrote.
    func start() throws {
        try launch()
        try waitReady()
    }

    /// Starts `syncthing serve`, waiting for nothing.
    private func launch() throws {
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
    private func waitReady() throws {
        guard let process else { throw Grock.Failure("\(name)'s Syncthing was not started") }
        try SyncthingCluster.wait("\(name)'s Syncthing to answer on 127.0.0.1:\(apiPort)") {
            guard process.isRunning else {
                throw SyncthingCluster.Gone(description: "\(name)'s Syncthing exited \(process.terminationStatus): \(logTail())") }
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

    /// The folder's files by relative path, without Syncthing's own (`.stfolder`, temporary files).
    func files() -> [String: Foundation.Data] {
        var files: [String: Foundation.Data] = [:]
        for relative in FileManager.default.subpaths(atPath: folder) ?? [] {
            let base = (relative as NSString).lastPathComponent
            if relative == ".stfolder" || relative.hasPrefix(".stfolder/")
                || (base.hasPrefix(".syncthing.") && base.hasSuffix(".tmp")) { continue }
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
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")") else { return false }
        return stat.contains("(syncthing)") && stat[stat.index(after: close)...].split(separator: " ").first != "Z"
    }
}
