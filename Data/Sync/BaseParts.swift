import Domain

/// The parts as an exchange found them, before any version merged in it won: what the data
/// holds, decoded once a thing is first asked for, and the parts of the household's start this
/// device takes (`snapshot`), which the merge writes with its winners.
struct BaseParts {
    let working: WorkingSet
    /// The start's parts, by key: after a join, every thing of the household.
    private(set) var snapshot: [SyncKey: SyncPart] = [:]
    /// The parts a start taken whole wrote (`StartAssembly.written`) that the rest of the merge looks at again.
    private(set) var startWritten: [SyncKey: SyncPart] = [:]
    /// Items and carts as the data held them before this exchange wrote anything.
    private var items: [ItemID: Item?] = [:]
    private var carts: [CartID: Cart?] = [:]
    private var owners: [SyncKey: [SyncKey: SyncPart]] = [:]

    init(_ working: WorkingSet) { self.working = working }

    /// The part as the data holds it before this exchange writes anything.
    mutating func part(_ key: SyncKey) throws -> SyncPart {
        if let part = snapshot[key] { return part }
        switch key.owner.kind {
        case .item:
            let id = ItemID(key.owner.ids[0])
            return try BaseParts.held(id, in: &items) { try working.item(id) }.map { try SyncParts.part(key, of: $0) } ?? .absent
        case .cart:
            let id = CartID(key.owner.ids[0])
            return try BaseParts.held(id, in: &carts) { try working.cart(id) }.map { try SyncParts.part(key, of: $0) } ?? .absent
        default: break
        }
        let parts = try BaseParts.held(key.owner, in: &owners) { try ChangeCapture(working).parts(of: key.owner) }
        if key.kind == .seen {
            // Prices seen are asked for item by item: read them all once.
            try working.preloadManualObservations()
            return SyncPart(payload: try Materializer.seenPayload(key, in: working))
        }
        return parts[key] ?? .absent
    }

    /// What `cache` holds for `key`, read by `read` the first time only.
    private static func held<Key, Value>(_ key: Key, in cache: inout [Key: Value], read: () throws -> Value) rethrows -> Value {
        if let value = cache[key] { return value }
        let value = try read()
        cache[key] = value
        return value
    }

    /// A part of the household's start, taken.
    mutating func fill(_ key: SyncKey, with part: SyncPart) { snapshot[key] = part }

    /// Writes a start taken whole into the data: what was read of it before is not what it holds now.
    /// - Returns: the carts left out because spending cannot count them.
    mutating func take(_ start: consuming StartAssembly) throws -> [SyncKey] {
        startWritten.merge(start.written) { $1 }
        let (orphans, uncounted) = try start.write(into: working)
        for (key, part) in orphans { snapshot[key] = part }
        (items, carts, owners) = ([:], [:], [:])
        return uncounted
    }

    /// The start's parts, moved out (not copied: after a join they are every thing of the household).
    mutating func takeSnapshot() -> [SyncKey: SyncPart] {
        let taken = snapshot
        snapshot = [:]
        return taken
    }

    /// What a start taken whole wrote, moved out.
    mutating func takeStartWritten() -> [SyncKey: SyncPart] {
        let taken = startWritten
        startWritten = [:]
        return taken
    }
}
