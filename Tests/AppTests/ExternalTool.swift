import Foundation
import Testing

// The other programs some tests check Grock's output with (hledger, groff, chromium, syncthing,
// tesseract): found, required, and run.

/// An external program a test checks Grock's output with; `.ci/run` installs them. Outside CI a
/// missing one skips that check and says so with a warning (the test passes "with 1 warning",
/// never silently); in CI (`CI` set) it is a failure.
func externalTool(_ name: String) -> String? {
    if let path = installedTool(name) { return path }
    if ProcessInfo.processInfo.environment["CI"] != nil {
        Issue.record("\(name) is not installed; .ci/run installs it")
    } else {
        Issue.record("\(name) is not installed (.ci/run installs it): the check with it was skipped", severity: .warning)
    }
    return nil
}

/// Where `name` is installed, if it is; nothing is recorded when it is not.
func installedTool(_ name: String) -> String? {
    ["/usr/bin", "/usr/local/bin", "/bin"].map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// Runs the program at `path`: its exit status and standard output (standard error is dropped).
func runTool(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
}

/// An external program a test cannot do without: outside CI a missing one cancels the test, which
/// is reported as skipped (never as passed); in CI it is a failure, and the answer nil.
func requiredTool(_ name: String) throws -> String? {
    if let path = installedTool(name) { return path }
    if ProcessInfo.processInfo.environment["CI"] != nil {
        Issue.record("\(name) is not installed; .ci/run installs it")
        return nil
    }
    try Test.cancel("\(name) is not installed (.ci/run installs it): skipped")
}
