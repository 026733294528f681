import Foundation
import PersistenceModels

extension CloudKitMirror {
    /// Removes every model of the mirrored store and everything the mirror kept, in one transaction, as
    /// Core Data does when the account changes or the user deletes the app's iCloud data. The removal
    /// is never sent: the account keeps its records.
    ///
    /// - Throws: ``SwiftDataError`` when the store cannot be written.
    func purge(reason: String, container: ModelContainer, state: any MirrorStateStore) throws
        -> CloudKitSyncReport.Removal
    {
        let context = ModelContext(container)
        context.author = MirrorState.resetAuthor
        var count = 0
        for root in schema.rootEntities {
            count += try removeAll(of: root.modelType, in: context)
        }
        try context.save(to: store) { tx, _ in try tx.eraseMirrorState() }
        return CloudKitSyncReport.Removal(reason: reason, removedModels: count)
    }
}

/// Deletes every model of `type` (its subclasses included) and returns how many there were.
private func removeAll<T: PersistentModel>(of type: T.Type, in context: ModelContext) throws -> Int {
    let count = try context.fetchCount(FetchDescriptor<T>())
    try context.delete(model: T.self)
    return count
}
