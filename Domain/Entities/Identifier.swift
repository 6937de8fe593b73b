/// A typed identifier: a `StoreID` cannot be passed where a `CartID` is expected.
public struct Identifier<Entity>: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Lowercase hexadecimal (`IdentifierSource`), or what a file held.
    public let rawValue: String

    /// An identifier as given, unchecked: one read from storage or typed.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// The raw value, as typed back.
    public var description: String { rawValue }

    /// By raw value, so that stored things list in one order on every device.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A store's identifier.
public typealias StoreID = Identifier<Store>
/// A category's identifier.
public typealias CategoryID = Identifier<Category>
/// A vault item's identifier; an impulse line has one no vault item has.
public typealias ItemID = Identifier<Item>
/// A cart's identifier.
public typealias CartID = Identifier<Cart>
