import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite struct ReportTests {
    @Test func theReportIsOneSelfContainedPageWithFiveCharts() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.withHistory()
        let file = grock.home.path + "/report.html"
        try grock.ok("report --output \(file)")
        let html = try String(contentsOfFile: file, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.components(separatedBy: "<svg ").count - 1 == 5)
        #expect(!html.contains("<script") && !html.contains("src=") && !html.contains("href="))
        #expect(!html.replacingOccurrences(of: "xmlns=\"http://www.w3.org/2000/svg\"", with: "").contains("http"))
        // Well-formed: it parses as XML (the doctype aside).
        let xml = String(html.dropFirst("<!DOCTYPE html>\n".count))
        #expect(throws: Never.self) { _ = try XMLDocument(xmlString: xml, options: []) }
        if let chromium = externalTool("chromium-headless-shell") {
            let dom = try runTool(chromium, ["--no-sandbox", "--headless", "--disable-gpu", "--dump-dom", "file://" + file])
            #expect(dom.status == 0)
            #expect(dom.output.components(separatedBy: "<svg ").count - 1 == 5)
            #expect(dom.output.contains("Grock spending report"))
            let png = grock.home.path + "/report.png"
            let shot = try runTool(chromium,
                ["--no-sandbox", "--headless", "--disable-gpu", "--screenshot=\(png)", "--window-size=800,1800", "file://" + file])
            #expect(shot.status == 0)
            let size = (try? FileManager.default.attributesOfItem(atPath: png)[.size] as? Int) ?? 0
            #expect(size > 20_000, "the screenshot is \(size) bytes: blank?")
        }
    }
}
