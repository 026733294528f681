import Foundation
import Observation

/// The models that match a fetch, kept current for a view, like SwiftData's `@Query`.
///
/// The query uses the context of the scope its owner was created in (see ``ModelEnvironment``).
/// Reading ``wrappedValue`` returns the current results. They change when a context of the same
/// container saves, or when a context's unsaved inserts, deletes and edits are processed — at the end
/// of the current turn of the main actor, on ``ModelContext/processPendingChanges()``, or on
/// ``ModelEnvironment/endTurn()`` — as a SwiftUI view's query does; in between, every read returns the
/// same results. The next read after a change brings them up to date (after a save, by re-reading only
/// the rows it wrote), and observers that read the results inside `withObservationTracking` are notified.
///
/// ```swift
/// struct NoteList {
///     @Query(sort: \Note.createdAt, order: .reverse) var notes: [Note]
/// }
/// ```
@propertyWrapper
public struct Query<Element: PersistentModel> {
    private let descriptor: FetchDescriptor<Element>
    private let results: QueryResults<Element>

    /// Fetches with a descriptor.
    public init(_ descriptor: FetchDescriptor<Element>, animation: QueryAnimation = .default) {
        self.descriptor = descriptor
        self.results = QueryResults(context: ModelEnvironmentScope.modelContext)
    }

    /// Fetches the models that match `filter`, sorted by `sort`.
    public init(
        filter: Predicate<Element>? = nil, sort: [SortDescriptor<Element>] = [], animation: QueryAnimation = .default
    ) {
        self.init(FetchDescriptor(predicate: filter, sortBy: sort), animation: animation)
    }

    /// Fetches the models that match `filter`, sorted by one property.
    public init<Value: Comparable>(
        filter: Predicate<Element>? = nil,
        sort keyPath: any KeyPath<Element, Value> & Sendable,
        order: SortOrder = .forward,
        animation: QueryAnimation = .default
    ) {
        self.init(filter: filter, sort: [SortDescriptor(keyPath, order: order)], animation: animation)
    }

    /// Fetches the models that match `filter`, sorted by one optional property (`nil` first in forward order).
    public init<Value: Comparable>(
        filter: Predicate<Element>? = nil,
        sort keyPath: any KeyPath<Element, Value?> & Sendable,
        order: SortOrder = .forward,
        animation: QueryAnimation = .default
    ) {
        self.init(filter: filter, sort: [SortDescriptor(keyPath, order: order)], animation: animation)
    }

    /// Fetches the models that match `filter`, sorted by a flag (`false` first in forward order).
    public init(
        filter: Predicate<Element>? = nil,
        sort keyPath: any KeyPath<Element, Bool> & Sendable,
        order: SortOrder = .forward,
        animation: QueryAnimation = .default
    ) {
        self.init(filter: filter, sort: [SortDescriptor(keyPath, order: order)], animation: animation)
    }

    /// The current results; empty when the fetch fails (see ``fetchError``).
    public var wrappedValue: [Element] { results.current(descriptor) }

    /// The context the query fetches from.
    public var modelContext: ModelContext { results.resolvedContext() ?? EnvironmentValues().modelContext }

    /// The error of the last fetch, if it failed.
    public var fetchError: (any Error)? { results.lastError }
}

/// Accepted where SwiftUI takes an `Animation` for query changes (`@Query(sort: \.date, animation: .smooth)`);
/// the workbench draws no views, so results change without animating.
///
/// It has SwiftUI's named animations and their tuned forms, so a query written for a device compiles as it is.
public struct QueryAnimation: Sendable, Equatable {
    /// The animation's name, as SwiftUI spells it (`"smooth"`, `"spring"`).
    public let name: String

    private init(_ name: String) { self.name = name }

    /// The default animation.
    public static let `default` = QueryAnimation("default")
    /// A spring with no bounce.
    public static let smooth = QueryAnimation("smooth")
    /// A spring with a small bounce, which settles quickly.
    public static let snappy = QueryAnimation("snappy")
    /// A spring with a visible bounce.
    public static let bouncy = QueryAnimation("bouncy")
    /// A spring with SwiftUI's default response and damping.
    public static let spring = QueryAnimation("spring")
    /// A quick spring for interactive changes.
    public static let interactiveSpring = QueryAnimation("interactiveSpring")
    /// Moves at a constant speed.
    public static let linear = QueryAnimation("linear")
    /// Starts slowly.
    public static let easeIn = QueryAnimation("easeIn")
    /// Ends slowly.
    public static let easeOut = QueryAnimation("easeOut")
    /// Starts and ends slowly.
    public static let easeInOut = QueryAnimation("easeInOut")

    /// A spring with no bounce that lasts `duration` seconds.
    public static func smooth(duration: TimeInterval = 0.5, extraBounce: Double = 0) -> QueryAnimation { .smooth }
    /// A spring with a small bounce that lasts `duration` seconds.
    public static func snappy(duration: TimeInterval = 0.5, extraBounce: Double = 0) -> QueryAnimation { .snappy }
    /// A spring with a visible bounce that lasts `duration` seconds.
    public static func bouncy(duration: TimeInterval = 0.5, extraBounce: Double = 0) -> QueryAnimation { .bouncy }
    /// A spring with the given response and damping.
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: TimeInterval = 0)
        -> QueryAnimation
    {
        .spring
    }
    /// A spring that lasts `duration` seconds with the given bounce.
    public static func spring(duration: TimeInterval = 0.5, bounce: Double = 0, blendDuration: Double = 0)
        -> QueryAnimation
    { .spring }
    /// Moves at a constant speed for `duration` seconds.
    public static func linear(duration: TimeInterval) -> QueryAnimation { .linear }
    /// Starts slowly, over `duration` seconds.
    public static func easeIn(duration: TimeInterval) -> QueryAnimation { .easeIn }
    /// Ends slowly, over `duration` seconds.
    public static func easeOut(duration: TimeInterval) -> QueryAnimation { .easeOut }
    /// Starts and ends slowly, over `duration` seconds.
    public static func easeInOut(duration: TimeInterval) -> QueryAnimation { .easeInOut }
}

/// The cached results of one query and the change count they were fetched at.
///
/// After saves, the results are brought up to date by re-reading only the rows those saves wrote (see
/// ``ModelContext/fetchForLiveQuery(_:reusing:writtenKeys:)``); anything else fetches everything again.
final class QueryResults<Element: PersistentModel> {
    private var context: ModelContext?
    private var cached: [Element] = []
    private var fetchedGeneration: Int?
    /// Whether `cached` came from a fetch that ran entirely in the store, so saves can be applied row by row.
    private var cachedFromStore = false
    private(set) var lastError: (any Error)?

    init(context: ModelContext?) {
        self.context = context
    }

    /// The context of the query: the one captured at creation, or the one of the scope of the first read.
    func resolvedContext() -> ModelContext? {
        if context == nil { context = ModelEnvironmentScope.modelContext }
        return context
    }

    /// The results, brought up to date when the container changed since the last fetch.
    func current(_ descriptor: FetchDescriptor<Element>) -> [Element] {
        guard let context = resolvedContext() else {
            FileHandle.standardError.write(
                Data(
                    "[PersistenceModels] @Query of \(Element.self) has no model context; use ModelEnvironment.with(_:_:)\n"
                        .utf8))
            return []
        }
        let signal = context.container.changeSignal
        let generation = signal.generation
        guard generation != fetchedGeneration else { return cached }
        do {
            let written = cachedFromStore ? fetchedGeneration.flatMap(signal.savedKeys(since:)) : nil
            let fetched = try context.fetchForLiveQuery(
                descriptor,
                reusing: written == nil ? nil : cached,
                writtenKeys: written.map { $0[ModelTypeCache.rootEntityName(of: Element.self)] ?? [] }
            )
            cached = fetched.models
            cachedFromStore = fetched.ranInStore
            lastError = nil
        } catch {
            cached = []
            cachedFromStore = false
            lastError = error
        }
        fetchedGeneration = generation
        return cached
    }
}
