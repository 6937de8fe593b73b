// `CategoryRecord` from and to `Category`.

import Domain

extension CategoryRecord {
    init(_ category: Category) { self.init(id: category.id.rawValue, name: category.name, sortOrder: category.sortOrder) }
}

extension RecordMapper {
    func category(_ record: CategoryRecord) -> Category {
        Category(id: CategoryID(record.id), name: record.name, sortOrder: record.sortOrder)
    }
}
