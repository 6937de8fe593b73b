/// Changes the line of `item` on every active cart that has one.
func updateActiveLines(of item: ItemID, in repositories: any Repositories, _ change: (inout CartItem) -> Void) throws {
    for var cart in try repositories.activeCarts() {
        guard var line = cart.line(for: item) else { continue }
        change(&line)
        try cart.update(line)
        try repositories.save(cart)
    }
}
