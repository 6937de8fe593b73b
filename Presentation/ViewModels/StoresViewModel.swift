import Domain
import Observation

/// The stores (menu): list, add, rename, remove, and each store's aisle order.
@MainActor @Observable
public final class StoresViewModel: ErrorState, ConfirmsIntents {
    /// The stores not removed, by name, as data; empty before `load`.
    public private(set) var documents: [StoreDocument] = []
    /// The aisle order shown, as data; nil when the stores are shown instead.
    public private(set) var aislesDocument: AislesDocument?
    /// What the last change did (`.storeAdded`); nil until one succeeds.
    public private(set) var lastNotice: Notice?
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
        await change { .storeAdded(name: try await useCases.addStore(name: name).name) }
    }

    /// Renames a store (a name or id), then lists the stores; refused when the name is taken.
    @discardableResult
    public func rename(_ store: String, to name: String) async -> Bool {
        await change {
            let renamed = try await useCases.renameStore(store, to: name)
            return .storeRenamed(from: renamed.oldName, to: renamed.value.name)
        }
    }

    /// Removes a store (a name or id): its prices leave the vault, and active carts plan those
    /// lines at the cheapest other store. Refused while an active trip has a purchase logged there.
    @discardableResult
    public func remove(_ store: String) async -> Bool {
        await change { .storeRemoved(name: try await useCases.removeStore(store).name) }
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
                lastNotice = .aislesSet(store: set.store.name)
            }
        }
    }

    /// Runs a change of the stores, which answers what it did, then lists the stores.
    private func change(_ action: () async throws -> Notice) async -> Bool {
        await perform {
            lastNotice = try await action()
            aislesDocument = nil
            await afterSaving { documents = try await useCases.listStores().map(StoreDocument.init) }
        }
    }
}
