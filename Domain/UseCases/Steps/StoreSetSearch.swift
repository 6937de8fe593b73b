/// The exact search behind `PlanCheapestStores`: of the sets of at most k stores, the one that
/// leaves the fewest lines unpriced, then costs least, then needs fewest stores.
///
/// Its work is counted in look-ups of one line's cost at one store: trying a set of k stores
/// over n lines is k × n of them. A search whose sets of exactly k stores alone need more than
/// `budget` is refused before any is tried (`DomainError.tooManyStores`); smaller sets, tried
/// only to prefer fewer stores among plans that cost the same, are tried while the budget lasts.
/// So no search does more than `budget` look-ups, whatever the number of stores and lines.
struct StoreSetSearch {
    /// A line's cost at one store, and the price per kg, l or each that tells costs equal to the
    /// cent apart.
    struct Cost: Equatable {
        let minorUnits: Int64
        let perBase: Int64
    }

    /// Look-ups one search may make: 20 million take well under a tenth of a second in a
    /// release build (18 stores × 60 lines at K = 7, 13 million: `grock plan` 0.04 s in all),
    /// and cover every set of 8 of 16 stores over 100 lines (C(16, 8) × 8 × 100 ≈ 10 million).
    static let defaultBudget = 20_000_000

    /// The stores (indices) some line has a cost at, ascending.
    private let candidates: [Int]
    /// `table[line * candidates.count + position]`: the line's cost at `candidates[position]`.
    private let table: [Cost?]
    private let lineCount: Int
    /// Look-ups made so far.
    private(set) var work = 0

    /// A search over `costs[line][store]`, for each line the stores (by index) that price it.
    init(_ costs: [[Int: Cost]]) {
        let candidates = Array(Set(costs.flatMap(\.keys))).sorted()
        self.candidates = candidates
        lineCount = costs.count
        table = costs.flatMap { options in candidates.map { options[$0] } }
    }

    /// The stores (indices) to buy at, visiting at most `maxStores` of them (nil for no limit).
    /// - Throws: `DomainError.tooManyStores` when the sets of `maxStores` stores need more than
    ///   `budget` look-ups.
    mutating func cheapest(maxStores: Int?, budget: Int = defaultBudget) throws -> [Int] {
        let count = candidates.count
        let limit = min(maxStores ?? count, count)
        guard limit > 0 else { return [] }
        let needed = limit == count ? cost(sets: 1, size: count) : cost(sets: Self.binomial(count, limit, cap: budget), size: limit)
        guard needed <= budget else { throw DomainError.tooManyStores(count) }
        var best: (score: Score, set: [Int])?
        func consider(_ set: [Int]) {
            let result = score(set)
            if let best, best.score <= result { return }
            best = (result, set)
        }
        // Of plans that cost the same, the one with fewest stores: smaller sets first, as many
        // as the budget left allows (all of them for any household's number of stores).
        var spent = needed
        for size in 1..<limit {
            let more = cost(sets: Self.binomial(count, size, cap: budget), size: size)
            guard spent + more <= budget else { break }
            spent += more
            Self.forEachCombination(of: count, size: size, consider)
        }
        Self.forEachCombination(of: count, size: limit, consider)
        return best.map { $0.set.map { candidates[$0] } } ?? []
    }

    /// Lines left unpriced, what the others cost (in 128 bits: every cost fits in 64, their sum
    /// need not), and how many stores are used.
    private typealias Score = (uncovered: Int, cost: Int128, size: Int)

    /// How buying at the stores of `set` (positions in `candidates`) does.
    private mutating func score(_ set: [Int]) -> Score {
        var uncovered = 0, total: Int128 = 0
        var used = [Bool](repeating: false, count: set.count)
        for line in 0..<lineCount {
            let row = line * candidates.count
            var choice: (member: Int, cost: Cost)?
            for (member, position) in set.enumerated() {
                guard let cost = table[row + position] else { continue }
                // Ties go to the earlier store: `set` is in the stores' order.
                if let current = choice?.cost, (current.minorUnits, current.perBase) <= (cost.minorUnits, cost.perBase) { continue }
                choice = (member, cost)
            }
            guard let choice else {
                uncovered += 1
                continue
            }
            total += Int128(choice.cost.minorUnits)
            used[choice.member] = true
        }
        work += set.count * lineCount
        return (uncovered, total, used.count(where: { $0 }))
    }

    /// The look-ups of trying `sets` sets of `size` stores, saturating rather than overflowing.
    private func cost(sets: Int, size: Int) -> Int {
        let (perSet, o1) = size.multipliedReportingOverflow(by: lineCount)
        let (total, o2) = sets.multipliedReportingOverflow(by: perSet)
        return o1 || o2 ? .max : total
    }

    /// C(n, k), or some number above `cap` once it is known to be larger.
    static func binomial(_ n: Int, _ k: Int, cap: Int) -> Int {
        var result = 1
        for i in 0..<min(k, n - k) {
            // result × (n − i) stays below cap × n: no overflow for any cap and n a cart can have.
            result = result * (n - i) / (i + 1)
            if result > cap { return result }
        }
        return result
    }

    /// Calls `body` with every ascending choice of `size` of `0..<count`.
    static func forEachCombination(of count: Int, size: Int, _ body: ([Int]) -> Void) {
        var indices = Array(0..<size)
        while true {
            body(indices)
            var position = size - 1
            while position >= 0 && indices[position] == count - size + position { position -= 1 }
            if position < 0 { return }
            indices[position] += 1
            for next in (position + 1)..<size { indices[next] = indices[next - 1] + 1 }
        }
    }
}
