import Domain

/// What looked wrong about what an intent recorded, though it was recorded, as a value a front
/// can switch on (`case .price(let caution)` with `caution.reason`), with `text` wording it the
/// one way every front shows it today: the command line's `warning:` lines, shop mode's screen,
/// `grock rpc`'s `warnings` (docs/PORTING.md, "A notice is a value with its sentence"). The
/// sentence is Domain's (`PriceCaution`, `ReceiptCaution`), which words its own findings.
public enum Caution: Sendable, Hashable {
    /// A price recorded though it looks like a slip of the keyboard or of the unit (adding an
    /// item, setting a price, logging a purchase).
    case price(PriceCaution)
    /// A receipt's line logged otherwise than its decision asked.
    case receipt(ReceiptCaution)
}

extension Caution: CustomStringConvertible {
    /// The caution in the words every front shows: `line 2, "Milk": the item was already logged …`.
    public var text: String {
        switch self {
        case .price(let caution): caution.description
        case .receipt(let caution): caution.description
        }
    }

    public var description: String { text }
}

extension Caution: Encodable {
    /// Written as its sentence, as the JSON has always carried cautions (docs/RPC.md): a kind
    /// beside it would change the documented answers, and no front asks for it yet.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}
