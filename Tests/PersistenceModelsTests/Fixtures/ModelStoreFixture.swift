import Foundation
import PersistenceSandbox
import Testing

@testable import PersistenceModels
@testable import PersistenceSQLiteStore

/// A fresh store for one test: an in-memory container (or a file in a throwaway folder) and a context.
struct ModelStoreFixture {
    let container: ModelContainer
    let context: ModelContext
    let folder: URL?

    /// An in-memory store holding the test models.
    init(_ types: [any PersistentModel.Type] = ModelStoreFixture.allModels) throws {
        container = try ModelContainer(
            for: Schema(types), configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        context = ModelContext(container)
        folder = nil
    }

    /// A file store in a throwaway folder.
    init(fileNamed name: String, types: [any PersistentModel.Type] = ModelStoreFixture.allModels) throws {
        let sandbox = AppSandbox.temporary()
        let folder = sandbox.applicationSupportDirectory
        self.folder = sandbox.deviceRoot
        container = try ModelContainer(
            for: Schema(types), configurations: ModelConfiguration(url: folder.appending(path: name)))
        context = ModelContext(container)
    }

    nonisolated(unsafe) static let allModels: [any PersistentModel.Type] = [
        Note.self, Tag.self, Folder.self, TaskItem.self, Category.self, Sample.self,
    ]

    /// A second context on the same container.
    func newContext() -> ModelContext { ModelContext(container) }

    /// The SQL statements `work` runs.
    func statements(during work: () throws -> Void) rethrows -> [String] {
        container.store.recordStatements(true)
        defer { container.store.recordStatements(false) }
        try work()
        return container.store.recordedStatements.withLock { $0 ?? [] }
    }

    /// Deletes the throwaway folder of a file store.
    func removeFiles() {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }
}

/// The suites that end turns with `ModelEnvironment.endTurn()`, one test at a time: a turn's end delivers
/// the waiting changes of every context, so a test ending a turn would deliver another test's changes
/// before that test means them to arrive.
@Suite(.serialized) enum LiveQuerySuites {}
