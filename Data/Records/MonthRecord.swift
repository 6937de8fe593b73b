/// What completed trips spent in one month (`StateRecord.months`).
struct MonthRecord: Codable, Equatable {
    var month: String
    var total: Int64
    var trips: Int
}
