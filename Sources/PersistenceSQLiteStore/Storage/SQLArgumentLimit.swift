/// Keeps every statement under SQLite's limit on bound arguments.
import PersistenceModels
///
/// SQLite refuses a statement with more than 32,766 arguments (`SQLITE_MAX_VARIABLE_NUMBER` in the
/// builds since 3.32). Lists of keys are split into chunks well under it: short enough that each
/// statement's text stays small, long enough that a list of a million keys takes a thousand statements.
enum SQLArgumentLimit {
    /// The most arguments SQLite accepts in one statement.
    static let maximum = 32_766
    /// The keys bound per statement when a list is split.
    static let chunkSize = 999

    /// `values` in consecutive chunks of at most ``chunkSize``, fewer when `reserved` arguments of the
    /// statement are taken by something else.
    static func chunks<Element>(of values: [Element], reserving reserved: Int = 0) -> [ArraySlice<Element>] {
        let size = max(1, min(chunkSize, maximum - reserved))
        return stride(from: 0, to: values.count, by: size).map { values[$0..<min($0 + size, values.count)] }
    }
}
