import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

extension Syncthing {
    /// Edits the generated config.xml: REST on 127.0.0.1:apiPort with our key, listening on
    /// 127.0.0.1:listenPort only, nothing announced, relayed, reported or upgraded, quick
    /// reconnection; the peers as devices, those in `dialing` at their static addresses and the
    /// others `dynamic` (with discovery off: never dialed, only accepted); the shared folder.
    ///
    /// One side of each pair dials: when two instances of Debian's Syncthing 1.19 dial each
    /// other at the same moment, each waits on the other's Hello on the connection it has not
    /// handled yet, and both give up after 20 s, and again, for a minute or more.
    func configure(peers: [Syncthing], dialing: [Syncthing]) throws {
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
            let address = dialing.contains { $0 === peer } ? "tcp://127.0.0.1:\(peer.listenPort)" : "dynamic"
            return """
                <device id="\(peer.deviceID)" name="\(peer.name)" compression="metadata" introducer="false">
                        <address>\(address)</address>
                        <paused>false</paused>
                    </device>

            """
        }.joined()
        let shared = ([self] + peers).map { "            <device id=\"\($0.deviceID)\"></device>\n" }.joined()
        let folderXML = """
                <folder id="\(SyncthingCluster.folderID)" label="grock" path="\(folder)" type="sendreceive" rescanIntervalS="10" \
            fsWatcherEnabled="true" fsWatcherDelayS="1" ignorePerms="false" autoNormalize="true">
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
}
