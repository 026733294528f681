// LegacyFetching — the course's stand-in for Core Data's string-based fetch requests (Section 7)
// A fetch request written the Core Data way: a predicate format string and sort keys.

import PersistenceModels

/// A fetch request written the way Core Data writes one: a predicate format string with `%@` and `%d`
/// placeholders, sort keys with an ascending flag, and a fetch limit where `0` means no limit.
///
/// It stands for this Core Data code:
///
/// ```swift
/// let request: NSFetchRequest<Note> = Note.fetchRequest()
/// request.predicate = NSPredicate(format: "folder == %@ AND wordCount >= %d", "Work", 200)
/// request.sortDescriptors = [NSSortDescriptor(key: "createdAt", ascending: false)]
/// request.fetchLimit = 10
/// let notes = try context.fetch(request)
/// ```
///
/// written here as:
///
/// ```swift
/// let request = LegacyFetchRequest<Note>(
///     predicateFormat: "folder == %@ AND wordCount >= %d", arguments: ["Work", 200],
///     sortKeys: [(key: "createdAt", ascending: false)],
///     fetchLimit: 10
/// )
/// let notes = try request.execute(in: context)
/// ```
///
/// Nothing is checked when the request is created: the format string is read and every key is looked
/// up only when ``execute(in:)`` runs, as Core Data does. Ties in the sort order keep the order the
/// models were saved in, as the store's own fetches do.
public struct LegacyFetchRequest<Entity: LegacyEntity>: Sendable {
    /// The predicate as a format string; `nil` matches every model.
    public var predicateFormat: String?
    /// The values that replace the format's `%@` and `%d` placeholders, in order.
    public var arguments: [LegacyValue]
    /// The sort keys, most significant first; each is `NSSortDescriptor(key:ascending:)`.
    public var sortKeys: [(key: String, ascending: Bool)]
    /// The most models to return; `0` returns them all.
    public var fetchLimit: Int

    /// Creates a request. Nothing is checked until it runs.
    ///
    /// - Parameters:
    ///   - predicateFormat: The predicate as a format string; `nil` for every model.
    ///   - arguments: The values of the format's placeholders, in order.
    ///   - sortKeys: The sort keys, most significant first.
    ///   - fetchLimit: The most models to return; `0` for all of them.
    public init(
        predicateFormat: String? = nil,
        arguments: [LegacyValue] = [],
        sortKeys: [(key: String, ascending: Bool)] = [],
        fetchLimit: Int = 0
    ) {
        self.predicateFormat = predicateFormat
        self.arguments = arguments
        self.sortKeys = sortKeys
        self.fetchLimit = fetchLimit
    }

    /// Runs the request: reads the format string, looks up every key, then filters, sorts and limits
    /// the entity's models.
    ///
    /// - Parameter context: The context to fetch through.
    /// - Returns: The matching models, in the request's order.
    /// - Throws: ``LegacyFetchError`` when the format cannot be read, a key is unknown, two values
    ///   cannot be compared, or the store cannot be read.
    public func execute(in context: ModelContext) throws(LegacyFetchError) -> [Entity] {
        let predicate = try predicateFormat.map { format throws(LegacyFetchError) in
            try LegacyFormatParser.parse(format, arguments: arguments)
        }
        let readKeys = (predicate?.keys ?? []) + sortKeys.map(\.key)
        if let unknown = readKeys.first(where: { Entity.legacyAttributes[$0] == nil }) {
            throw .unknownKey(unknown, entity: Entity.legacyEntityName, request: description)
        }

        let stored: [Entity]
        do {
            stored = try context.fetch(FetchDescriptor<Entity>())
        } catch {
            throw .storeFailed(entity: Entity.legacyEntityName, reason: "\(error)")
        }
        var matches: [Entity] = []
        for model in stored {
            if let predicate, let format = predicateFormat, try !predicate.evaluate(model, format: format) { continue }
            matches.append(model)
        }
        let sorted = matches.enumerated().sorted { lhs, rhs in
            for sortKey in sortKeys {
                guard let read = Entity.legacyAttributes[sortKey.key] else { continue }
                let order = read(lhs.element).order(comparedTo: read(rhs.element)) ?? .orderedSame
                if order != .orderedSame {
                    return sortKey.ascending == (order == .orderedAscending)
                }
            }
            return lhs.offset < rhs.offset
        }.map(\.element)
        return fetchLimit > 0 ? Array(sorted.prefix(fetchLimit)) : sorted
    }
}

extension LegacyFetchRequest: CustomStringConvertible {
    /// The request as the old code would show it, for error messages.
    public var description: String {
        let predicate = predicateFormat.map { "NSPredicate(format: \"\($0)\")" } ?? "no predicate"
        let sorts = sortKeys.map { "NSSortDescriptor(key: \"\($0.key)\", ascending: \($0.ascending))" }
        var parts = ["a fetch request of \(Entity.legacyEntityName) with \(predicate)"]
        if !sorts.isEmpty { parts.append("sort descriptors [\(sorts.joined(separator: ", "))]") }
        if fetchLimit > 0 { parts.append("fetch limit \(fetchLimit)") }
        return parts.joined(separator: ", ")
    }
}
