#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The socket `grock serve` listens on, and the system's socket calls around it (the address
/// structures, binding, accepting, the flags every descriptor gets), so that `HTTPLoop` reads
/// as a loop.
struct ListeningSocket {
    let fd: Int32

    /// Listens on `address` (an IPv4 or IPv6 literal) and `port` (0: any free one).
    /// - Throws: `WebError` when `address` is no IP literal, or the system refuses.
    init(address: String, port: UInt16) throws(WebError) {
        var v4 = sockaddr_in(), v6 = sockaddr_in6()
        let isV6 = address.contains(":")
        if isV6 {
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = port.bigEndian
            guard inet_pton(AF_INET6, address, &v6.sin6_addr) == 1 else { throw WebError("--listen needs an IP address, not \(address)") }
        } else {
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = port.bigEndian
            guard inet_pton(AF_INET, address, &v4.sin_addr) == 1 else { throw WebError("--listen needs an IP address, not \(address)") }
        }
        let fd = socket(isV6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw WebError("cannot open a socket: \(String(cString: strerror(errno)))") }
        var one: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        let bound = isV6
            ? withUnsafePointer(to: &v6) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
            : withUnsafePointer(to: &v4) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        guard bound == 0, listen(fd, 128) == 0 else {
            let reason = String(cString: strerror(errno))
            systemClose(fd)
            throw WebError("cannot listen on \(address):\(port): \(reason)")
        }
        Self.makeNonBlocking(fd)
        self.fd = fd
    }

    /// The port listened on (the one the system chose, for port 0).
    var port: UInt16 {
        var address = sockaddr_in6()
        var length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        return UInt16(bigEndian: address.sin6_port)   // sin_port and sin6_port share their offset
    }

    /// The next connection waiting (non-blocking, no Nagle delay), with the address it comes
    /// from (without its port); nil when none is waiting.
    func accept() -> (fd: Int32, peer: String)? {
        let connection = systemAccept(fd)
        guard connection >= 0 else { return nil }
        Self.makeNonBlocking(connection)
        var one: Int32 = 1
        _ = setsockopt(connection, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        return (connection, Self.peerAddress(connection))
    }

    /// Makes `fd` non-blocking, and closed in any program this one starts.
    static func makeNonBlocking(_ fd: Int32) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }

    /// The address a connection comes from, as text ("" when the system cannot say).
    private static func peerAddress(_ fd: Int32) -> String {
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let got = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(fd, $0, &length) }
        }
        guard got == 0 else { return "" }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = address.ss_family
        withUnsafePointer(to: &address) { pointer in
            if family == sa_family_t(AF_INET6) {
                pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    var raw = $0.pointee.sin6_addr; _ = inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count))
                }
            } else {
                pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                    var raw = $0.pointee.sin_addr; _ = inet_ntop(AF_INET, &raw, &text, socklen_t(text.count))
                }
            }
        }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// The pipe another thread writes a byte to, so that the loop's `poll` wakes for its output.
struct WakePipe {
    /// The end `poll` watches.
    let readEnd: Int32
    private let writeEnd: Int32

    /// - Throws: `WebError` when the system has no pipe to give.
    init() throws(WebError) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw WebError("cannot make a pipe: \(String(cString: strerror(errno)))") }
        for end in ends { ListeningSocket.makeNonBlocking(end) }
        (readEnd, writeEnd) = (ends[0], ends[1])
    }

    /// Wakes the loop (a full pipe wakes it already).
    func signal() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Empties the pipe: one turn takes every output queued meanwhile.
    func drain() {
        var drain = [UInt8](repeating: 0, count: 256)
        while read(readEnd, &drain, drain.count) > 0 {}
    }
}

// The system's call, out of reach of the method of the same name above.
private func systemAccept(_ fd: Int32) -> Int32 { accept(fd, nil, nil) }
