// `SettingsRecord` to `Settings`.

import Domain

extension RecordMapper {
    func settings(_ record: SettingsRecord) -> Settings { Settings(currency: currency, isSetUp: record.isSetUp) }
}
