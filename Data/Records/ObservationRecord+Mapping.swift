// `ObservationRecord` from and to `PriceObservation`.

import Domain

extension ObservationRecord {
    init(_ observation: PriceObservation) {
        let source: String = switch observation.source {
        case .manual: "manual"
        case .trip(let cart): cart.rawValue
        }
        self.init(itemId: observation.item.rawValue, storeId: observation.store.rawValue, price: observation.price.price.minorUnits,
                  unit: UnitText.basis(observation.price.basis), observedAt: observation.observedAt.description, source: source,
                  promotion: observation.isPromotion)
    }
}

extension RecordMapper {
    func observation(_ record: ObservationRecord) throws -> PriceObservation {
        PriceObservation(item: ItemID(record.itemId), store: StoreID(record.storeId),
                         price: UnitPrice(money(record.price), per: try basis(record.unit)),
                         observedAt: try time(record.observedAt),
                         source: record.source == "manual" ? .manual : .trip(CartID(record.source)), isPromotion: record.promotion)
    }
}
