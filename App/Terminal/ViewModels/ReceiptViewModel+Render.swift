import Presentation

extension ReceiptViewModel {
    /// The receipt as `ReceiptScreen` draws it, with the last intent's error; the error alone
    /// before it is read.
    public func render(_ style: RenderStyle = .plain) -> String {
        guard let document else { return ProblemLines.only(errorMessage, style) }
        return ReceiptScreen.render(document, error: errorMessage, style: style)
    }

    /// One row's candidates, numbered for a choice: `1 Milk (on the cart, 82)`.
    public func candidateLines(row number: Int) -> [String] {
        guard let row = document?.lines.first(where: { $0.line == number }) else { return [] }
        return row.candidates.enumerated().map { index, candidate in
            "  \(index + 1)  \(TerminalText.safe(candidate.name, singleLine: true))"
                + (candidate.onCart ? " (on the cart, \(candidate.score))" : " (\(candidate.score))")
        }
    }
}
