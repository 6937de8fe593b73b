import DataLayer
import Testing

@Suite struct DataDirectoryTests {
    @Test func anEmptyFlagNamesNoDirectoryRatherThanTheDefault() {
        #expect(DataDirectory.resolve(flag: "", environment: ["GROCK_HOME": "/g", "HOME": "/h"]) == nil)
        #expect(DataDirectory.resolve(flag: "/x", environment: ["GROCK_HOME": "/g"]) == "/x")
        #expect(DataDirectory.resolve(flag: nil, environment: ["GROCK_HOME": "", "HOME": "/h"]) == "/h/.local/share/grock")
    }
}
