import Foundation
import Testing

/// `grock receipt -` reads standard input as a blocking read would, whatever the program before
/// left it: a non-blocking stdin with nothing in it yet is waited on, not an error.
@Suite struct ReceiptStdinTests {
    @Test func aNonBlockingStdinIsWaitedOn() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.ok("init")
        try grock.ok("store add Aldi")
        let input = Pipe(), out = Pipe(), err = Pipe()
        let reading = input.fileHandleForReading.fileDescriptor
        #expect(fcntl(reading, F_SETFL, fcntl(reading, F_GETFL) | O_NONBLOCK) == 0)
        let process = Process()
        process.executableURL = Grock.executable
        process.arguments = ["receipt", "-", "--store", "Aldi", "--dry-run"]
        process.environment = grock.environment
        process.standardInput = input
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // The text, but not its end: a read after it finds nothing yet (EAGAIN), which must wait.
        try input.fileHandleForWriting.write(contentsOf: Data("ALDI\nMILK 1.09\nTOTAL 1.09\n".utf8))
        let deadline = Date().addingTimeInterval(2)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        #expect(process.isRunning,
            "grock gave up on a stdin with nothing in it yet: \(String(decoding: err.fileHandleForReading.availableData, as: UTF8.self))")
        try input.fileHandleForWriting.close()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(String(decoding: stdout, as: UTF8.self).contains("Would log 1 line of Aldi"))
    }
}
