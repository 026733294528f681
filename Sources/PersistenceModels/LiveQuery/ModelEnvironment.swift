import Foundation

/// The model context that views created in a scope read through `@Environment(\.modelContext)` and `@Query`.
///
/// It plays the part of SwiftUI's `.modelContainer(_:)` and `.modelContext(_:)` modifiers: values created
/// inside the closure, and the code the closure runs, see the context.
///
/// ```swift
/// let view = ModelEnvironment.with(container) { NoteList() }
/// print(view.notes.count)
/// ```
@_spi(Workbench) public enum ModelEnvironmentScope {
    @TaskLocal static var scopedContext: ModelContextBox?

    /// Runs `body` with a new context of `container` in the environment.
    public static func with<Result>(_ container: ModelContainer, _ body: () throws -> Result) rethrows -> Result {
        try with(ModelContext(container), body)
    }

    /// Runs `body` with `context` in the environment.
    public static func with<Result>(_ context: ModelContext, _ body: () throws -> Result) rethrows -> Result {
        try $scopedContext.withValue(ModelContextBox(context), operation: body)
    }

    /// Runs the asynchronous `body` with a new context of `container` in the environment.
    public static func with<Result>(_ container: ModelContainer, _ body: () async throws -> Result) async rethrows
        -> Result
    {
        try await $scopedContext.withValue(ModelContextBox(ModelContext(container)), operation: body)
    }

    /// The context in the environment of the current task, if any.
    public static var modelContext: ModelContext? { scopedContext?.context }

    /// Ends the current turn: every context's unsaved changes that are waiting reach live queries, as
    /// they do in an app once the event that made them has been handled.
    ///
    /// Changes made on the main actor reach queries by themselves when the current main-actor job ends;
    /// code that runs elsewhere, or a test that reads a query in the same job as the change, calls this
    /// where the app would let its views update.
    ///
    /// ```swift
    /// screen.addNote()              // inserts without saving
    /// ModelEnvironment.endTurn()    // the view updates
    /// #expect(screen.notes.count == 1)
    /// ```
    public static func endTurn() {
        TurnEnd.shared.endTurn()
    }
}

/// Carries a context through a task-local value.
///
/// A context is not thread-safe; the box only lets the environment hand it to code running in the same
/// scope, which is where views read it.
// Unchecked Sendable: the context is not Sendable; the box only carries it through a task-local value to code of the scope that set it.
final class ModelContextBox: @unchecked Sendable {
    let context: ModelContext

    init(_ context: ModelContext) {
        self.context = context
    }
}

/// The values a view reads with `@Environment`.
public struct EnvironmentValues {
    let box: ModelContextBox?

    /// The values of the current scope.
    public init() {
        box = ModelEnvironmentScope.scopedContext
    }

    /// The model context of the scope; outside any scope, a context on an empty store held in memory.
    public var modelContext: ModelContext {
        if let box { return box.context }
        FileHandle.standardError.write(
            Data("[PersistenceModels] no model context in the environment; use ModelEnvironment.with(_:_:)\n".utf8))
        return ModelContext(EmptyModelContainer.shared)
    }
}

/// The container behind contexts handed out when the environment has none: no models, in a store
/// that keeps nothing.
private enum EmptyModelContainer {
    static let shared: ModelContainer = {
        do {
            return try ModelContainer(for: Schema([]), configurations: [EmptyConfiguration()])
        } catch {
            preconditionFailure(
                "creating an empty container failed: \(error) — while providing a default model context")
        }
    }()

    struct EmptyConfiguration: DataStoreConfiguration {
        typealias Store = EmptyStore
        var name = "empty"
        var schema: Schema?
        static func == (lhs: Self, rhs: Self) -> Bool { true }
        func hash(into hasher: inout Hasher) {}
    }

    final class EmptyStore: DataStore {
        let configuration: EmptyConfiguration
        let identifier = "empty"
        let schema = Schema([])

        init(_ configuration: EmptyConfiguration, migrationPlan: (any SchemaMigrationPlan.Type)?) throws {
            self.configuration = configuration
        }

        func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> DataStoreFetchResult<
            T, DefaultSnapshot
        > {
            DataStoreFetchResult(descriptor: request.descriptor, fetchedSnapshots: [])
        }

        func save(_ request: DataStoreSaveChangesRequest<DefaultSnapshot>) throws -> DataStoreSaveChangesResult<
            DefaultSnapshot
        > {
            DataStoreSaveChangesResult(for: identifier)
        }
    }
}

/// Reads a value from the environment of the scope the owner was created in, like SwiftUI's `@Environment`.
///
/// ```swift
/// struct NoteEditor {
///     @Environment(\.modelContext) private var modelContext
/// }
/// ```
@propertyWrapper
public struct Environment<Value> {
    private let keyPath: KeyPath<EnvironmentValues, Value>
    private let values: EnvironmentValues

    /// Reads the value at `keyPath` of the current environment.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        self.keyPath = keyPath
        self.values = EnvironmentValues()
    }

    /// The value, from the scope the owner was created in, or else from the scope of the read.
    public var wrappedValue: Value {
        values.box == nil ? EnvironmentValues()[keyPath: keyPath] : values[keyPath: keyPath]
    }
}
