/// The range a `Bounded` whole number is held to.
protocol IntegerBounds: Sendable {
    static var range: ClosedRange<Int64> { get }
}

/// 1 to 1000: a position in a list, a number of stores.
enum OneToAThousand: IntegerBounds {
    static var range: ClosedRange<Int64> { 1...1000 }
}
