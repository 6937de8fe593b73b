#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The socket `grock serve` listens on, and the system's socket calls around it (the address
/// structures, binding, accepting, the flags every descriptor gets), so that `HTTPLoop` reads
/// as a loop. Every descriptor is non-blocking and closed-on-exec from the call that makes it:
/// set afterwards, a program started meanwhile (git, tesseract) would inherit it.
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
        let fd = systemSocket(isV6 ? AF_INET6 : AF_INET)
        guard fd >= 0 else { throw WebError("cannot open a socket: \(String(cString: strerror(errno)))") }
        var one: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        let bound = isV6
            ? withUnsafePointer(to: &v6) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) } }
            : withUnsafePointer(to: &v4) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard bound == 0, listen(fd, 128) == 0 else {
            let reason = String(cString: strerror(errno))
            systemClose(fd)
            throw WebError("cannot listen on \(address):\(port): \(reason)")
        }
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
        var one: Int32 = 1
        _ = setsockopt(connection, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        return (connection, Self.peerAddress(connection))
    }

    /// The address a connection comes from, as text ("" when the system cannot say).
    private static func peerAddress(_ fd: Int32) -> String {
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let got = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(fd, $0, &length) } }
        guard got == 0 else { return "" }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = address.ss_family
        withUnsafePointer(to: &address) { pointer in
            if family == sa_family_t(AF_INET6) {
                pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { var raw = $0.pointee.sin6_addr; _ = inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count)) }
            } else {
                pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { var raw = $0.pointee.sin_addr; _ = inet_ntop(AF_INET, &raw, &text, socklen_t(text.count)) }
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
        guard systemPipe(&ends) == 0 else { throw WebError("cannot make a pipe: \(String(cString: strerror(errno)))") }
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

// The system's calls (out of reach of the method of the same name above), each giving a
// descriptor non-blocking and closed-on-exec.
#if canImport(Glibc)
private let descriptorFlags = Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
private func systemSocket(_ family: Int32) -> Int32 { socket(family, Int32(SOCK_STREAM.rawValue) | descriptorFlags, 0) }
private func systemAccept(_ fd: Int32) -> Int32 { accept4(fd, nil, nil, descriptorFlags) }
private func systemPipe(_ ends: inout [Int32]) -> Int32 { pipe2(&ends, O_CLOEXEC | O_NONBLOCK) }
// accept4 and pipe2 are GNU extensions the Glibc module leaves out (no _GNU_SOURCE): looked up
// in the C library, called with the C convention.
private let accept4 = unsafeBitCast(dlsym(nil, "accept4"),
    to: (@convention(c) (Int32, UnsafeMutablePointer<sockaddr>?, UnsafeMutablePointer<socklen_t>?, Int32) -> Int32).self)
private let pipe2 = unsafeBitCast(dlsym(nil, "pipe2"), to: (@convention(c) (UnsafeMutablePointer<Int32>?, Int32) -> Int32).self)
#else
// Darwin has no flags for it: set right after, which leaves the race open there.
private func systemSocket(_ family: Int32) -> Int32 { flagged(socket(family, SOCK_STREAM, 0)) }
private func systemAccept(_ fd: Int32) -> Int32 { flagged(accept(fd, nil, nil)) }
private func systemPipe(_ ends: inout [Int32]) -> Int32 {
    guard pipe(&ends) == 0 else { return -1 }
    for end in ends { _ = flagged(end) }
    return 0
}
private func flagged(_ fd: Int32) -> Int32 {
    guard fd >= 0 else { return fd }
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    return fd
}
#endif
