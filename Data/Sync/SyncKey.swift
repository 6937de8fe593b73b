import Domain

/// What one version is a version of: a whole store, category or setting; an item's name,
/// category and unit apart from its price at each store; a cart's name, budget and status
/// apart from the order of its lines and each line. Finer keys are what let two devices
/// change different parts of one thing without one undoing the other.
struct SyncKey: Hashable, Comparable, CustomStringConvertible {
    enum Kind: String, CaseIterable {
        case settings, store, category, item, price, cart, order, line, seen
    }

    let kind: Kind
    /// `kind/id/id`, made once: keys are hashed, compared and written many times in a merge,
    /// and a join holds one per thing of the household (the ids are read from it, not kept twice).
    let description: String

    /// The ids after the kind: one (`store/ID`), two (`price/ITEM/STORE`, `line/CART/ITEM`,
    /// `seen/ITEM/HASH`) or none (`settings`).
    struct IDs {
        fileprivate let description: String

        subscript(position: Int) -> String { String(slice(position)) }

        /// The `position`th id in place, found byte by byte: a merge asks for ids of every key.
        func slice(_ position: Int) -> Substring {
            let bytes = description.utf8
            var start = bytes.startIndex
            for _ in 0...position {
                guard let slash = bytes[start...].firstIndex(of: UInt8(ascii: "/")) else { return "" }
                start = bytes.index(after: slash)
            }
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "/")) ?? bytes.endIndex
            return Substring(bytes[start..<end])
        }
    }

    var ids: IDs { IDs(description: description) }

    init(_ kind: Kind, _ ids: String...) {
        self.kind = kind
        description = ([kind.rawValue] + ids).joined(separator: "/")
    }

    static func == (lhs: SyncKey, rhs: SyncKey) -> Bool { lhs.description == rhs.description }
    func hash(into hasher: inout Hasher) { hasher.combine(description) }

    /// Reads `description`; nil for a key of an unknown kind or shape. Checked in place: a join
    /// reads a key per thing the household holds.
    init?(_ text: Substring) {
        let bytes = text.utf8
        let kindEnd = bytes.firstIndex(of: 0x2F) ?? bytes.endIndex
        guard let kind = Kind(rawValue: String(Substring(bytes[..<kindEnd]))) else { return nil }
        let count: Int
        switch kind {
        case .settings: count = 0
        case .store, .category, .item, .cart, .order: count = 1
        case .price, .line, .seen: count = 2
        }
        var ids = 0
        var start = kindEnd
        while start < bytes.endIndex {
            start = bytes.index(after: start)  // past the slash
            let end = bytes[start...].firstIndex(of: 0x2F) ?? bytes.endIndex
            guard Identifier.isValid(bytes[start..<end]) else { return nil }
            ids += 1
            start = end
        }
        guard ids == count else { return nil }
        self.kind = kind
        description = String(text)
    }

    static func < (lhs: SyncKey, rhs: SyncKey) -> Bool { lhs.description < rhs.description }

    var rule: SyncRule {
        switch kind {
        case .price: .newestSeen
        case .line: .boughtStays
        default: .latest
        }
    }

    /// The thing the key belongs to, which the merge writes whole: an item with its prices, a
    /// cart with its order and lines.
    var owner: SyncKey {
        switch kind {
        case .price: SyncKey(kind: .item, description: "item/" + ids.slice(0))
        case .order, .line: SyncKey(kind: .cart, description: "cart/" + ids.slice(0))
        default: self
        }
    }

    private init(kind: Kind, description: String) {
        self.kind = kind
        self.description = description
    }
}
