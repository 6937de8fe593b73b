extension Int128 {
    /// The product of `factors`, or nil when it does not fit. Prices, quantities and packs read
    /// from a damaged or forged file may be anything their fields hold: a product of them is
    /// taken through this, never with `*`, so no such file can trap.
    static func exactProduct(_ factors: Int128...) -> Int128? {
        var product: Int128 = 1
        for factor in factors {
            let (result, overflow) = product.multipliedReportingOverflow(by: factor)
            guard !overflow else { return nil }
            product = result
        }
        return product
    }
}
