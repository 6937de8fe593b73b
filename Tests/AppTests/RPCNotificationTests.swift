import Foundation
import Testing

/// A client of `grock rpc` hears of the changes another grock makes while it is connected, and
/// only of those: its own changes are answered, not repeated.
@Suite(.serialized) struct RPCNotificationTests {
    /// `grock rpc` running with its pipes held open, read a line at a time with a deadline.
    final class Session {
        let process = Process()
        private let input = Pipe(), output = Pipe()
        private var pending = Data()

        init(_ grock: Grock) throws {
            process.executableURL = Grock.executable
            process.arguments = ["rpc"]
            process.environment = grock.environment.merging(["GROCK_WATCH_MS": "10"]) { $1 }
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
        }

        func send(_ line: String) { input.fileHandleForWriting.write(Data((line + "\n").utf8)) }

        /// The next line, or nil when none comes within `seconds`.
        func next(within seconds: Double = 10) -> String? {
            let fd = output.fileHandleForReading.fileDescriptor
            let deadline = Date().addingTimeInterval(seconds)
            while true {
                if let end = pending.firstIndex(of: 0x0A) {
                    defer { pending.removeSubrange(...end) }
                    return String(decoding: pending[..<end], as: UTF8.self)
                }
                let left = deadline.timeIntervalSinceNow
                guard left > 0 else { return nil }
                var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                guard poll(&ready, 1, Int32(left * 1000)) > 0 else { return nil }
                let chunk = output.fileHandleForReading.availableData
                guard !chunk.isEmpty else { return nil }
                pending += chunk
            }
        }

        /// Stops reading the server's output: its next write fails.
        func closeOutput() { try? output.fileHandleForReading.close() }

        /// The exit status once the server has ended by itself (stdin still open), or nil when it
        /// is still running after `seconds`.
        func exitStatus(within seconds: Double) -> Int32? {
            let deadline = Date().addingTimeInterval(seconds)
            while process.isRunning && Date() < deadline { usleep(10_000) }
            return process.isRunning ? nil : process.terminationStatus
        }

        /// Closes stdin and waits for the server to end.
        func end() -> Int32 {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    @Test func aChangeByAnotherGrockArrivesAsANotification() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        let session = try Session(grock)
        session.send(#"{"jsonrpc":"2.0","id":1,"method":"store.list"}"#)
        #expect(session.next()?.hasPrefix(#"{"id":1,"jsonrpc":"2.0","result":[{"#) == true)
        try grock.ok("store add Netto")
        #expect(session.next() == #"{"jsonrpc":"2.0","method":"changed","params":{"origin":"elsewhere"}}"#)
        session.send(#"{"jsonrpc":"2.0","id":2,"method":"store.list"}"#)
        #expect(session.next()?.contains(#""name":"Netto""#) == true, "the client reads the change afresh")
        session.send(#"{"jsonrpc":"2.0","id":3,"method":"store.add","params":{"name":"Penny"}}"#)
        #expect(session.next()?.hasPrefix(#"{"id":3,"#) == true)
        #expect(session.next(within: 0.5) == nil, "its own change is answered, not notified")
        try grock.ok("undo")
        #expect(session.next() == #"{"jsonrpc":"2.0","method":"changed","params":{"origin":"elsewhere"}}"#)
        #expect(session.end() == 0)
    }

    /// A busy data directory is a storage failure that says it is transient: worth trying
    /// again, unlike damaged files.
    @Test func aBusyDirectoryIsToldAsTransient() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        let held = open(grock.dataDirectory + "/lock", O_RDWR)
        defer { close(held) }
        #expect(flock(held, LOCK_EX) == 0)
        let result = try grock.run("rpc", input: #"{"jsonrpc":"2.0","id":1,"method":"store.add","params":{"name":"Netto"}}"# + "\n",
                                   extra: ["GROCK_LOCK_TIMEOUT_MS": "100"])
        #expect(result.stdout.hasPrefix(#"{"error":{"code":-32005,"data":{"kind":"storage","transient":"true"}"#), "\(result.stdout)")
    }

    /// A notification that cannot be written ends the server with exit 3, as a response would,
    /// without waiting for another request.
    @Test func aNotificationThatCannotBeWrittenEndsTheServer() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        let session = try Session(grock)
        session.send(#"{"jsonrpc":"2.0","id":1,"method":"home"}"#)
        #expect(session.next() != nil)
        session.closeOutput()
        try grock.ok("store add Netto")
        let status = session.exitStatus(within: 10)
        #expect(status == 3)
        if status == nil { _ = session.end() }
    }
}
