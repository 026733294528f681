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
        let records = try WorkoutExport.read(from: url)
        var imported = 0
        for batch in stride(from: 0, to: records.count, by: batchSize) {
            try Task.checkCancellation()
            let end = min(batch + batchSize, records.count)
            for record in records[batch..<end] {
                modelContext.insert(Workout(record))
            }
            try modelContext.save()
            imported = end
            await progress(ImportProgress(imported: imported, total: records.count))
        }
        return imported
    }

    /// Marks the workouts with these identifiers as reviewed, in this actor's context, and saves.
    /// Identifiers of workouts that no longer exist are skipped.
    ///
    /// - Returns: How many workouts were marked.
    /// - Throws: The context's error when saving fails.
    public func markReviewed(_ identifiers: [PersistentIdentifier]) throws -> Int {
        var marked = 0
        for identifier in identifiers {
            guard let workout = self[identifier, as: Workout.self] else { continue }
            workout.isReviewed = true
            marked += 1
        }
        try modelContext.save()
        return marked
    }

    /// Deletes every workout that started before `cutoff` with one delete by predicate, and saves.
    ///
    /// - Returns: How many workouts were deleted.
    /// - Throws: The context's error when fetching or saving fails.
    public func deleteWorkouts(startedBefore cutoff: Date) throws -> Int {
        let old = #Predicate<Workout> { $0.startedAt < cutoff }
        let count = try modelContext.fetchCount(FetchDescriptor(predicate: old))
        try modelContext.delete(model: Workout.self, where: old)
        try modelContext.save()
        return count
    }
}
