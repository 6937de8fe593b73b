// Repository protocols answer the questions use cases ask. They are used inside one
// `Storage.read` or `Storage.write` call, which gives them a consistent view of the data and,
// for writes, makes every change of the call land together or not at all.
//
// Each protocol has its file (`StoreRepository.swift`, `CartRepository.swift`, ...); the port
// that hands them over is `Storage.swift`.

/// All repositories over one consistent view of the data.
public typealias Repositories = StoreRepository & CategoryRepository & ItemRepository & CartRepository
    & PriceHistoryRepository & SettingsRepository
