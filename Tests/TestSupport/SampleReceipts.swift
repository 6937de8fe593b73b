/// Receipts the receipt tests of every layer read.
public enum SampleReceipts {
    /// Aldi: 1.46 (0.736 kg at 1.99/kg) + 1.78 (2 × 0.89) + 1.99 (2.49 less 0.50) + a 0.25
    /// deposit = 5.48.
    /// - Parameters:
    ///   - date: as the receipt prints it, `DD.MM.YYYY HH:MM`.
    ///   - beforeTotal: a line to print just above the total (one the parser cannot read).
    public static func aldi(printed date: String, beforeTotal: String? = nil) -> String {
        """
        ALDI SÜD
                                 EUR
        Bananen                 1,46 A
          0,736 kg x 1,99 EUR/kg
        Milch                   1,78 A
          2 x 0,89
        Rispentomaten           2,49 A
        Rabatt                 -0,50
        Pfand                   0,25 B\(beforeTotal.map { "\n" + $0 } ?? "")
        Summe                   5,48
        \(date)
        """
    }
}
