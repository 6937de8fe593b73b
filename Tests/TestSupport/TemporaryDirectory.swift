import Foundation

/// A fresh directory under the system's temporary directory, removed by `remove()`.
public struct TemporaryDirectory: Sendable {
    public let path: String

    public init() {
        path = NSTemporaryDirectory() + "grock-test-" + UUID().uuidString.prefix(8).lowercased()
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    public func remove() { try? FileManager.default.removeItem(atPath: path) }

    /// Every file below the directory with its bytes, to prove that nothing changed.
    /// Every file's bytes by relative path, except `spending.cache`, which a read may write (it
    /// is derived from history and never required).
    public func snapshot() -> [String: Foundation.Data] {
        var files: [String: Foundation.Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: path)
        while let relative = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let full = path + "/" + relative
            if !relative.hasSuffix("spending.cache"), FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[relative] = FileManager.default.contents(atPath: full)
            }
        }
        return files
    }
}
