import Presentation
import Terminal

extension Commands {
    /// The stores and their aisle order.
    static let store: [Command] = [
        Command("store add", usage: "grock store add NAME", summary: "Add a store.", examples: ["grock store add Aldi"]) { run in
            try await storeStep(run) { try await $0.add(run.argument(0)) }
        },
        Command("store rename", usage: "grock store rename STORE NEW-NAME", summary: "Rename a store.",
                examples: ["grock store rename Lidl \"Lidl City\""]) { run in
            try await storeStep(run) { try await $0.rename(run.argument(0), to: run.argument(1)) }
        },
        Command("store remove", usage: "grock store remove STORE",
                summary: """
                Remove a store: its prices leave the vault, carts being planned move those lines to the cheapest other \
                store; history keeps its name.
                """,
                examples: ["grock store remove Aldi"]) { run in
            try await storeStep(run) { try await $0.remove(run.argument(0)) }
        },
        Command("store list", usage: "grock store list", summary: "List the stores.",
                examples: ["grock store list", "grock --json store list"]) { run in
            try await storeStep(run) { await $0.load() }
        },
        Command("store aisles", usage: "grock store aisles STORE [CATEGORY...]",
                summary: "Show a store's aisle order, or set it: the categories in the order you walk them.",
                details: "Categories not named follow in the vault's order. A cart grouped by store lists its lines in that "
                             + "store's aisle order.",
                examples: ["grock store aisles Aldi", "grock store aisles Aldi Bakery Produce Dairy"]) { run in
            try await storeStep(run) { try await $0.aisles(of: run.argument(0), set: Array(run.arguments.dropFirst())) }
        },
    ]

    @MainActor
    static func storeStep(_ run: Invocation, _ step: (StoresViewModel) async throws -> Bool) async throws {
        let stores = run.container.stores()
        try run.check(await step(stores), stores)
        let document = stores.aislesDocument.map { $0 as any Encodable } ?? stores.documents
        try run.show(stores, notice: stores.notice, document: document) { stores.render(run.style) }
    }
}
