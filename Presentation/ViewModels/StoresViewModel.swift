import Domain
import Observation

/// The stores (menu): list, add, rename, remove, and each store's aisle order.
@MainActor @Observable
public final class StoresViewModel: ErrorState {
    /// The stores not removed, by name, as data; empty before `load`.
    public private(set) var documents: [StoreDocument] = []
    /// The aisle order shown, as data; nil when the stores are shown instead.
    public private(set) var aislesDocument: AislesDocument?
    /// What the last change did, in a sentence (`added store Lidl`); nil until one succeeds.
    public private(set) var notice: String?
    /// What the last intent left besides its Bool result: its error, or its warnings though it
    /// succeeded (`IntentOutcome`).
    public internal(set) var lastIntent = LastIntent()

    private let useCases: UseCases

    /// A stores screen with nothing read yet; fronts get one from `AppContainer.stores()`.
    public init(useCases: UseCases) { self.useCases = useCases }

    /// Reads the stores; an aisle order shown gives way to the list.
    @discardableResult
    public func load() async -> Bool {
        await perform {
            documents = try await useCases.listStores().map(StoreDocument.init)
            aislesDocument = nil
        }
    }

    /// Adds a store (adding the name of a removed store brings it back), then lists the stores.
    @discardableResult
    public func add(_ name: String) async -> Bool {
        await change { Notice.storeAdded(try await useCases.addStore(name: name).name) }
    }

    /// Renames a store (a name or id), then lists the stores; refused when the name is taken.
    @discardableResult
    public func rename(_ store: String, to name: String) async -> Bool {
        await change {
            let renamed = try await useCases.renameStore(store, to: name)
            return Notice.storeRenamed(from: renamed.oldName, to: renamed.value.name)
        }
    }

    /// Removes a store (a name or id): its prices leave the vault, and active carts plan those
    /// lines at the cheapest other store. Refused while an active trip has a purchase logged there.
    @discardableResult
    public func remove(_ store: String) async -> Bool {
        await change { Notice.storeRemoved(try await useCases.removeStore(store).name) }
    }

    /// Shows the aisle order, or sets it when `categories` are given.
    @discardableResult
    public func aisles(of store: String, set categories: [String]) async -> Bool {
        await perform {
            if categories.isEmpty {
                let current = try await useCases.setAisleOrder.current(store: store)
                aislesDocument = AislesDocument(store: current.store, order: current.order)
            } else {
                let set = try await useCases.setAisleOrder(store: store, categories: categories)
                aislesDocument = AislesDocument(store: set.store, order: set.order)
                notice = Notice.aislesSet(of: set.store.name)
            }
        }
    }

    private func change(_ action: () async throws -> String) async -> Bool {
        await perform {
            notice = try await action()
            aislesDocument = nil
            await afterSaving { documents = try await useCases.listStores().map(StoreDocument.init) }
        }
    }
}
