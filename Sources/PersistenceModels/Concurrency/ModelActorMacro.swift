/// Makes an actor a ``ModelActor``: it gets its own context, executor and `init(modelContainer:)`.
///
/// ```swift
/// @ModelActor
/// actor NoteImporter {
///     func count() throws -> Int { try modelContext.fetchCount(FetchDescriptor<Note>()) }
/// }
///
/// let importer = NoteImporter(modelContainer: container)
/// let total = try await importer.count()
/// ```
@attached(member, names: named(modelExecutor), named(modelContainer), named(init))
@attached(extension, conformances: ModelActor)
public macro ModelActor() = #externalMacro(module: "PersistenceMacros", type: "ModelActorMacro")
