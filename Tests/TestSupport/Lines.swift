/// The lines of a rendered text, empty ones included, so that a blank line is compared too.
public func lines(_ text: String) -> [String] { text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
