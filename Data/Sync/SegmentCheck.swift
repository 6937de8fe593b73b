import Domain

/// A version's record as the boundary decoded it: a start taken whole is put together from
/// these, so a join decodes each thing of the household once.
enum CheckedPart {
    case settings(Settings), store(Store), category(Category), item(Item), price(PriceOption)
    case cart(Cart), order([String]), line(ItemLines), seen(PriceObservation)
}

/// The boundary between the household folder and this device's data: every version another
/// device wrote is checked like typed input before it can win. The household folder is written
/// by other devices, other versions of Grock, a replicator and, at worst, a damaged or hostile
/// device; what it says is never trusted like this device's own writes.
///
/// Each check depends on the version and the segment alone (never on what this device happens
/// to hold or when it merges), so every device refuses the same versions and all still agree.
/// The one exception is time: a segment stamped further ahead of this device's clock than
/// `futureMargin` waits until the clock catches up, so it too is merged alike everywhere.
struct SegmentCheck {
    let parts: SyncParts
    let currency: Currency

    /// How far ahead of this device's clock a change may be stamped: clocks of a household's
    /// devices disagree by seconds or minutes, a device set to the wrong day by hours.
    static let futureMargin: Int64 = 24 * 3600 * 1000
    /// How far after its stamp a price may say it was seen (time zones, a clock set late).
    static let seenMargin: Int64 = 24 * 3600

    /// Why a segment whose latest change is dated `latest` (ms since 1970) must wait, or nil.
    static func wait(latest: Int64, now: Int64) -> String? {
        guard latest > now + futureMargin else { return nil }
        return "it holds a change dated \(Timestamp(clamping: latest / 1000)), more than a day ahead of this device's clock;"
            + " it is merged when this device's clock is that late"
    }

    /// When a version says it was made (ms since 1970), as `wait` compares it with the clock: its
    /// stamp; for a price of the household's start, which has no stamp, when it was seen. A
    /// genuine device sees no price in its future, and the price that was seen latest wins for
    /// good, so a start's price seen ahead waits as a stamp would, and alike on every device
    /// (refused by this clock alone, it would be refused here and taken on a device whose clock
    /// is later). A `seen` after 2100 matches no record the boundary takes (`latestDate`): that
    /// version is refused alone (`verdict`) and holds nothing up; one before 1970 is long past.
    static func date(of version: SyncVersion) -> Int64 {
        // A stamp after 2100 is refused alone (`verdict`): it holds nothing up.
        guard version.stamp == .zero else {
            return version.stamp.milliseconds <= latestDate * 1000 ? version.stamp.milliseconds : 0
        }
        guard version.key.kind == .price, let seen = version.seen, (0...latestDate).contains(seen) else { return 0 }
        return seen * 1000
    }

    /// The latest date a record may hold when its change has no stamp to compare with (the
    /// household's start), and the latest stamp a change may have: 2100-01-01.
    static let latestDate: Int64 = 4_102_444_800

    /// What the boundary says of a version: its record, decoded and checked (nil when the
    /// version deletes), or why it is refused.
    enum Verdict {
        case accepted(CheckedPart?)
        case refused(String)
    }

    func verdict(_ version: SyncVersion, in segment: Segment) -> Verdict {
        if version.stamp == .zero {
            // The household's start: only in a snapshot (`Merge` decides what it may fill in).
            guard segment.isSnapshot else { return .refused("it is stamped as the household's start outside a snapshot") }
        } else {
            // No device's clock reads after 2100; a wait for it would hold back every later
            // segment of its device for good, so it is refused alone, alike on every device.
            if version.stamp.milliseconds > SegmentCheck.latestDate * 1000 {
                let stamped = Timestamp(clamping: version.stamp.milliseconds / 1000)
                return .refused("it is stamped \(stamped), after 2100, a date no clock reads yet")
            }
            if !segment.isSnapshot && version.stamp.device != segment.device {
                return .refused("it is stamped by device \(version.stamp.device), not by \(segment.device)")
            }
            // Compared by time and counter: a device that became one of its own sends its changes
            // again under its new id with their times, replacing its own under the old id.
            if (version.replaces.milliseconds, version.replaces.counter) > (version.stamp.milliseconds, version.stamp.counter) {
                return .refused("it replaces a change made after it")
            }
            if let seen = version.seen, seen > version.stamp.milliseconds / 1000 + SegmentCheck.seenMargin {
                return .refused("its price says it was seen after the change was made")
            }
        }
        guard let payload = version.payload else {
            return version.key.kind == .settings ? .refused("it deletes the settings") : .accepted(nil)
        }
        do {
            // Dates no later than the change (a day's slack), or than 2100 for the household's start.
            let latest = version.stamp == .zero ? SegmentCheck.latestDate : version.stamp.milliseconds / 1000 + SegmentCheck.seenMargin
            // Bounded like typed input even in a household's start (a backup beyond the bounds could
            // not be restored either).
            let part = try check(payload, of: version.key, latest: latest)
            // A start's price ranks by when it was seen, and it has no stamp to bound that by: it
            // must say what its record says, as every snapshot writes it (a forged `seen` far
            // ahead would outrank every later price, on every device, for good).
            if version.stamp == .zero, case .price(let option) = part {
                let recorded = SyncParts.seen(of: option)
                guard version.seen == recorded else {
                    let said = version.seen.map(String.init) ?? "-"
                    return .refused("its price says it was seen at \(said), not when its record says (\(recorded))")
                }
            }
            return .accepted(part)
        } catch let error as SyncError {
            if case .damaged(_, let reason) = error { return .refused(reason) }
            return .refused("\(error)")
        } catch {
            return .refused("\(error)")
        }
    }

    /// Decodes the record and checks its values as typed input is checked (`latest`: the
    /// latest date it may hold).
    private func check(_ payload: String, of key: SyncKey, latest: Int64) throws -> CheckedPart {
        func date(_ time: Timestamp?) throws {
            guard let time, time.secondsSince1970 > latest else { return }
            throw refused("it holds a date, \(time), after the change was made")
        }
        switch key.kind {
        case .settings:
            // Amounts are stored in minor units: a currency of other decimals would read every
            // amount of the household at another scale (1.19 EUR as 119 JPY), for good. A device
            // that syncs never changes to one (`SyncedStorage`), so every device's is alike.
            let settings = try parts.settings(payload)
            guard settings.currency.minorDigits == currency.minorDigits else {
                throw refused("its currency \(settings.currency.code) has other decimals than the household's \(currency.code)")
            }
            return .settings(settings)
        case .store:
            let store = try parts.store(payload, key: key)
            try name(store.name, of: key)
            // An aisle order lists each category once, as `store aisles` keeps it.
            guard Set(store.aisleOrder).count == store.aisleOrder.count else { throw refused("its aisle order lists a category twice") }
            return .store(store)
        case .category:
            let category = try parts.category(payload, key: key)
            try name(category.name, of: key)
            try order(category.sortOrder)
            return .category(category)
        case .item:
            let item = try parts.item(payload, prices: [], key: key)
            try name(item.name, of: key)
            return .item(item)
        case .price:
            let option = try parts.option(payload, key: key)
            for price in [option.regular?.price, option.promotion?.quote.price].compactMap({ $0 }) { try amount(price) }
            try basis(option.basis)
            try date(option.regular?.observedAt)
            try date(option.promotion?.quote.observedAt)
            return .price(option)
        case .cart:
            let cart = try parts.cart(payload, key: key)
            try name(cart.name, of: key)
            for time in [cart.createdAt, cart.startedAt, cart.completedAt] { try date(time) }
            if let budget = cart.budget { try amount(budget) }
            return .cart(cart)
        case .order:
            let ids = try parts.order(payload, key: key)
            // An item is listed once for each of its lines (a trip may buy it twice).
            guard ids.allSatisfy(Identifier.isValid) else { throw refused("it orders lines by ids Grock cannot have") }
            return .order(ids)
        case .line:
            let lines = try parts.lines(payload, key: key)
            for line in lines {
                guard line.itemID.rawValue == key.ids[1] else { throw refused("it is the line of another item") }
                try name(line.name, of: key)
                for price in [line.plannedPrice, line.actualPrice].compactMap({ $0 }) { try amount(price) }
                try basis(line.priceUnit)
                for quantity in [line.quantity, line.purchasedQuantity].compactMap({ $0 }) {
                    guard quantity.thousandths > 0, quantity <= Quantity.maximum else {
                        throw refused("its quantity \(quantity) is out of bounds")
                    }
                }
            }
            return .line(lines)
        case .seen:
            let observation = try parts.observation(payload, key: key)
            guard observation.item.rawValue == key.ids[0] else { throw refused("it is a price of another item") }
            guard try SyncParts.key(of: observation).0 == key else { throw refused("its record does not match its key") }
            try amount(observation.price.price)
            try basis(observation.price.basis)
            try date(observation.observedAt)
            return .seen(observation)
        }
    }

    private func name(_ text: String, of key: SyncKey) throws {
        let valid: String
        let kind = key.kind == .line ? "item" : key.kind.rawValue
        do { valid = try Name.validated(text, kind: kind) } catch { throw refused("its name is one Grock refuses: \(error)") }
        guard valid == text else { throw refused("its name has spaces around it") }
    }

    private func order(_ order: Int) throws {
        guard Category.validOrders.contains(order) else {
            throw refused("its order \(order) is outside \(Category.validOrders), the orders Grock gives")
        }
    }

    /// A price's pack holds no more than a person can type: a pack past it made every comparison
    /// of the item's prices on every device of the household overflow.
    private func basis(_ basis: PriceUnit) throws {
        guard basis.isTypable else { throw refused("its price is per \(basis), more than the \(PackSize.maximum) a pack can hold") }
    }

    /// Every amount is read in this device's currency (`SyncParts`), so only its bounds are checked.
    private func amount(_ money: Money) throws {
        guard money.minorUnits >= 0 else { throw refused("its amount is negative") }
        guard money <= Money.maximum(currency) else {
            throw refused("its amount \(money.amountText) is more than \(Money.maximum(currency).amountText), the most Grock takes")
        }
    }

    private func refused(_ reason: String) -> SyncError { .damaged(what: "a change", reason: reason) }
}
