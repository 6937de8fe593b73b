import Domain

// Text put into the HTML report's page and charts (ReportPage.swift, SVGChart.swift).

/// Escaping for the report's HTML: names come from the data.
enum HTML {
    /// Text for an element or an attribute. Control characters are shown as `Echo` writes them:
    /// they mean nothing in HTML, and the page may be printed to a terminal.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: if Echo.needsEscape(scalar) { escaped += Echo.escape(scalar) } else { escaped.unicodeScalars.append(scalar) }
            }
        }
        return escaped
    }
}
