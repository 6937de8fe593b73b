import Domain

/// Writing the cache, through `ByteWriter`: the layout is described in `SpendingCache`.
extension SpendingCache {
    /// The cache's bytes; nil when its text part is too large for the index's 32-bit offsets.
    static func encode(_ contents: Contents) -> [UInt8]? {
        let data = contents.data
        // The header names where the sections start, counted from its end: it is written last.
        var body = ByteWriter(capacity: data.lineCount * 38 + data.trips.count * 104 + 65536)
        var tripStarts: [Int32] = []
        tripStarts.reserveCapacity(data.trips.count)
        for trip in data.trips {
            guard body.count < Int32.max else { return nil }
            tripStarts.append(Int32(body.count))
            body.line(["C", trip.cartID.rawValue, trip.budget.map { String($0.minorUnits) } ?? "", trip.completedAt.description,
                       String(trip.planned.minorUnits), String(trip.actual.minorUnits), String(trip.fulfilled), String(trip.lines),
                       LineFormat.escape(trip.name)])
        }
        let itemsAt = body.count
        for id in data.itemIDs { body.line(["I", LineFormat.escape(id.rawValue)]) }
        for name in data.names { body.line(["N", LineFormat.escape(name)]) }
        for category in data.categories { body.line(["K", LineFormat.escape(category)]) }
        for store in data.stores { body.line(["S", LineFormat.escape(store.rawValue)]) }
        let manualAt = body.count
        for observation in contents.manual {
            body.line(["O", LineFormat.escape(observation.item.rawValue), LineFormat.escape(observation.store.rawValue),
                       UnitText.basis(observation.price.basis), String(observation.price.price.minorUnits),
                       observation.observedAt.description, observation.isPromotion ? "1" : "0"])
        }
        for (index, basis) in data.lineBases.sorted(by: { $0.key < $1.key }) {
            body.line(["P", String(index), UnitText.basis(basis)])
        }
        let columnsAt = body.count
        guard columnsAt < Int32.max else { return nil }
        for column in [data.lineTrip, data.lineItem, data.lineName, data.lineCategory, data.lineStore] { body.integers(column) }
        body.integers(data.lineUnit.map { UInt8(MeasureUnit.allCases.firstIndex(of: $0) ?? 0) })
        for column in [data.lineQuantity, data.linePrice, data.lineCost] { body.integers(column) }
        // Each item's lines, item by item, in line order: `itemStarts[k]..<itemStarts[k + 1]` of `itemLines`.
        var itemStarts = [Int32](repeating: 0, count: data.itemIDs.count + 1)
        for item in data.lineItem where item >= 0 { itemStarts[Int(item) + 1] += 1 }
        for index in 0..<data.itemIDs.count { itemStarts[index + 1] += itemStarts[index] }
        var next = itemStarts
        var itemLines = [Int32](repeating: 0, count: Int(itemStarts[data.itemIDs.count]))
        for (line, item) in data.lineItem.enumerated() where item >= 0 {
            itemLines[Int(next[Int(item)])] = Int32(line)
            next[Int(item)] += 1
        }
        body.integers(tripStarts)
        body.integers(itemStarts)
        body.integers(itemLines)

        var output = ByteWriter(capacity: body.count + 256)
        output.line([header, String(contents.historyLength), String(contents.historyChecksum),
                     contents.historySeal.map { String($0) } ?? "", String(data.trips.count),
                     String(data.itemIDs.count), String(data.names.count), String(data.categories.count), String(data.stores.count),
                     String(contents.manual.count), String(data.lineCount), String(data.lineBases.count), String(itemLines.count),
                     String(itemsAt), String(manualAt), String(columnsAt)])
        output.append(body.bytes)
        output.integer(Checksum.value(of: output.bytes))
        return output.bytes
    }

    /// Best effort: a cache that cannot be written is simply not there next time.
    static func write(_ contents: Contents, to path: String) {
        guard let bytes = encode(contents) else { return }
        // Not written, the cache is missing or behind next time, and history is read instead.
        try? FileSystem.writeAtomically(bytes, to: path, durable: false)
    }
}
