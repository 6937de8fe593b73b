import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Syncthing's REST API, over plain sockets on loopback: what a test asks an instance to do
/// (scan, throttle, pause) and the one-request client it asks through.
extension Syncthing {
    func scan() throws { _ = try request("POST", "/rest/db/scan?folder=\(SyncthingCluster.folderID)") }

    /// Limits what this instance receives to `kibibytesPerSecond` (0: no limit), loopback too.
    func throttle(receiving kibibytesPerSecond: Int) throws {
        _ = try request("PATCH", "/rest/config/options",
            body: "{\"maxRecvKbps\": \(kibibytesPerSecond), \"limitBandwidthInLan\": \(kibibytesPerSecond > 0)}")
    }

    /// Pauses the shared folder (this instance neither sends nor receives it), or resumes it.
    func pause(_ paused: Bool) throws {
        _ = try request("PATCH", "/rest/config/folders/\(SyncthingCluster.folderID)", body: "{\"paused\": \(paused)}")
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
            throw Grock.Failure(
                "\(name): \(method) \(path) answered \(status.map(String.init) ?? "?"): \(String(decoding: content, as: UTF8.self))")
        }
        return content
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
