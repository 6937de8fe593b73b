/// A typed identifier: a `StoreID` cannot be passed where a `CartID` is expected.
public struct Identifier<Entity>: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let rawValue: String

    public init(_ rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

public typealias StoreID = Identifier<Store>
public typealias CategoryID = Identifier<Category>
public typealias ItemID = Identifier<Item>
public typealias CartID = Identifier<Cart>
