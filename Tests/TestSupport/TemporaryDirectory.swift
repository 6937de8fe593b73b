import Foundation

/// A fresh directory under the system's temporary directory. A test that makes one removes it
/// (`defer { directory.remove() }`), so that runs leave nothing behind.
public struct TemporaryDirectory: Sendable {
    public let path: String

    /// - Throws: when the directory cannot be made (a full disk): the test fails, the run goes on.
    public init() throws {
        path = NSTemporaryDirectory() + "grock-test-" + UUID().uuidString.prefix(8).lowercased()
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    // Cleaning up after the test: a directory the test removed itself, or could not be removed
    // whole, changes nothing the test found.
    public func remove() { try? FileManager.default.removeItem(atPath: path) }

    /// Every file's bytes by relative path, to prove that nothing changed, except
    /// `spending.cache`, which a read may write (it is derived from history and never required).
    public func snapshot() -> [String: Foundation.Data] {
        var files: [String: Foundation.Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: path)
        while let relative = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let full = path + "/" + relative
            if !relative.hasSuffix("spending.cache"), FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory),
                !isDirectory.boolValue {
                files[relative] = FileManager.default.contents(atPath: full)
            }
        }
        return files
    }
}
