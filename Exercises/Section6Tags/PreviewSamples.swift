// Section 6 — Tags and the note list
//
// Goal: a container for the screens' previews. A preview must never touch the app's real store, and
// must show the same sample data every time it is drawn:
//
//   - the container keeps its store in memory only: no file on the device;
//   - it holds three notes — "Groceries" (pinned, tagged "Home"), "Trip ideas" (tagged "Home" and
//     "Travel") and "Reading list" (no tag) — and the two tags "Home" and "Travel";
//   - the samples are in the container's main context, the context a preview's screens are given;
//   - each call makes a container of its own, which starts from the samples.

import PersistenceCore

/// Sample data for the screens' previews.
public enum PreviewSamples {
    /// A container in memory holding the sample notes and tags, in its main context.
    ///
    /// - Throws: `SwiftDataError` when the container cannot be made.
    @MainActor
    public static func makeContainer() throws -> ModelContainer {
        // TODO: a container that keeps its store in memory only.
        let container = try ModelContainer(for: Note.self, Tag.self)
        // TODO: insert the sample notes and tags into the container's main context.
        return container
    }
}
