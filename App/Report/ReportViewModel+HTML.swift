import Domain
import Presentation

extension ReportViewModel {
    /// The page as `ReportPage.render` draws it; nothing before the report is read.
    public func renderHTML(generated: Timestamp) -> String {
        report.map { ReportPage.render($0, topItems: topItems, generated: generated) } ?? ""
    }
}
