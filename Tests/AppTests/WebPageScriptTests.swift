import Foundation
import Testing

/// The page's script and service worker (App/Web/Page, compiled into `grock`) parse as
/// JavaScript, checked by `node --check`: a syntax error would otherwise show only in a browser.
/// Where node is not installed (CI installs none) it is skipped.
@Suite struct WebPageScriptTests {
    static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("App/Web/Page")

    @Test(arguments: ["app.js", "sw.js"]) func theScriptParses(_ file: String) throws {
        guard let node = ["/usr/bin/node", "/usr/local/bin/node"].first(where: FileManager.default.isExecutableFile) else {
            try Test.cancel("node is not installed: skipped")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: node)
        process.arguments = ["--check", Self.page.appendingPathComponent(file).path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(file): \(complaint)")
    }
}
