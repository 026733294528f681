// Section 7 — Core Data, recognised
// Finds the old requests that fail when they run. See NoteRequests.swift for the goal.

import LegacyFetching
import PersistenceCore

/// Runs legacy fetch requests to find the ones that fail.
///
/// A format string or a sort key with a misspelt key compiles without a word; the mistake only shows
/// when the request runs. Running every request once is the only way to find them all.
///
/// ```swift
/// let errors = LegacyRequestAudit.runTimeErrors(of: ["search": searchRequest], in: context)
/// ```
public enum LegacyRequestAudit {
    /// Runs every request once and returns the error of each one that fails, under its name.
    ///
    /// - Parameters:
    ///   - requests: The requests to run, by name.
    ///   - context: The context to run them in.
    /// - Returns: The error each failing request reported, under its name; requests that run are left out.
    public static func runTimeErrors(
        of requests: [String: LegacyFetchRequest<Note>],
        in context: ModelContext
    ) -> [String: LegacyFetchError] {
        // TODO: Run each request with `execute(in:)`; when it throws, keep its `LegacyFetchError`
        //       under the request's name.
        [:]
    }
}
