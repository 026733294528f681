// Section 11 — Background work and history
// The importer, on a model actor of its own. See Workout.swift for the goal.

import PersistenceCore

/// Brings workouts into the store on its own actor, with a context of its own, so the main actor never
/// waits for an import.
///
/// ```swift
/// let importer = WorkoutImporter(modelContainer: container)
/// let count = try await importer.importWorkouts(from: exportURL) { progress in
///     print(progress)   // on the main actor, after each saved batch
/// }
/// ```
@ModelActor
public actor WorkoutImporter {
    /// Imports every record of the export at `url`, `batchSize` at a time: each batch is inserted and
    /// saved, then `progress` is told how many are saved so far. A workout already stored (the same
    /// `externalID`) is updated, never added twice.
    ///
    /// Cancelling the task that runs the import stops it before the next batch: the store then holds
    /// whole batches only.
    ///
    /// - Parameters:
    ///   - url: The export file.
    ///   - batchSize: How many workouts each save writes; at least 1.
    ///   - progress: Called on the main actor after each saved batch.
    /// - Returns: How many workouts were imported.
    /// - Throws: `CancellationError` when the task is cancelled, the export's read error, or the
    ///   context's error when a save fails.
    public func importWorkouts(
        from url: URL,
        batchSize: Int = 250,
        progress: @escaping @MainActor @Sendable (ImportProgress) -> Void = { _ in }
    ) async throws -> Int {
        // TODO: Read the records with `WorkoutExport.read(from:)`. For each slice of `batchSize`
        //       records: stop with `try Task.checkCancellation()`, insert a `Workout` for each record into
        //       `modelContext`, save, then `await progress(...)` with the number saved so far.
        0
    }

    /// Marks the workouts with these identifiers as reviewed, in this actor's context, and saves.
    /// Identifiers of workouts that no longer exist are skipped.
    ///
    /// - Returns: How many workouts were marked.
    /// - Throws: The context's error when saving fails.
    public func markReviewed(_ identifiers: [PersistentIdentifier]) throws -> Int {
        // TODO: Look each identifier up in this actor's context (`self[identifier, as: Workout.self]`),
        //       mark the ones found, save, and count them.
        0
    }

    /// Deletes every workout that started before `cutoff` with one delete by predicate, and saves.
    ///
    /// - Returns: How many workouts were deleted.
    /// - Throws: The context's error when fetching or saving fails.
    public func deleteWorkouts(startedBefore cutoff: Date) throws -> Int {
        // TODO: Count the matches, then `modelContext.delete(model:where:)` with the same predicate, and save.
        0
    }
}
