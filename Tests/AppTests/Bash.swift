import Foundation

/// Runs `script` in bash with the grock binary as `$0` and `grock`'s data directory as `$1`, for
/// what needs a shell around grock (a pipe closed early, a full device).
func bash(_ script: String, _ grock: Grock) throws -> (stdout: String, stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", script, Grock.executable.path, grock.dataDirectory]
    process.environment = ["GROCK_NOW": "2026-03-02T10:00:00+01:00", "PATH": "/usr/bin:/bin"]
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (stdout, stderr)
}
