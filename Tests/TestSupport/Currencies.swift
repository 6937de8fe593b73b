import Domain

/// The currencies tests price in: the euro (two decimals) and the yen (none).
public let eur = Currency.euro
public let jpy = try! Currency(code: "jpy")
